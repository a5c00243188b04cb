import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUploadsRepository } from '../../repositories/uploads.ts';
import { createObjectStore } from '../../services/storage/create-object-store.ts';
import type { LocalObjectStore } from '../../services/storage/local-store.ts';
import type { S3ObjectStore } from '../../services/storage/object-store.ts';
import type { PhotoStorage } from '../../services/storage/service-photos.ts';

// The object store of this process (ARCHITECTURE decision 7 "file uploads"), built once from the
// configuration: the storage service signs its URLs and the common API shows a service's photos
// from it (decisions 403, 660). One instance, as the local store of an in-memory DATA_DIR lives in a
// temporary folder of its own.

export interface ObjectStorage extends PhotoStorage {
  store: LocalObjectStore | S3ObjectStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    objectStorage: ObjectStorage;
  }
}

async function objectStorePlugin(app: FastifyInstance): Promise<void> {
  app.decorate('objectStorage', {
    store: await createObjectStore(app.config.storage),
    uploads: createUploadsRepository(app.database.db),
  });
}

export default fp(objectStorePlugin, { name: 'object-store', dependencies: ['database'] });
