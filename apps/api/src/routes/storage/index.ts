import {
  ApiErrorSchema,
  GenerateDownloadUrlRequestSchema,
  GenerateDownloadUrlResponseSchema,
  GenerateUploadUrlRequestSchema,
  GenerateUploadUrlResponseSchema,
} from '@auxilio/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../lib/route-schemas.ts';
import { createUploadsRepository, type UploadsRepository } from '../../repositories/uploads.ts';
import { createObjectStore } from '../../services/storage/create-object-store.ts';
import type { ObjectStore } from '../../services/storage/object-store.ts';
import { generateDownloadUrl, generateUploadUrl } from '../../services/storage/storage-urls.ts';
import localObjectsRoutes from './objects.ts';
import { originOf } from './origin.ts';

interface SigningOptions {
  store: ObjectStore;
  uploads: UploadsRepository;
}

/** The calls that hand out signed URLs; they need the app key (SPEC 7 "API-key header"). */
const signingRoutes: FastifyPluginCallbackZod<SigningOptions> = (app, { store, uploads }, done) => {
  app.addHook('onRequest', app.requireAppKey);
  app.post(
    '/generate-download-url',
    {
      schema: {
        tags: ['storage'],
        summary: 'A signed, expiring URL that reads one object of our store',
        description:
          'SPEC 7: "{url}; JSON content type and API-key header; success on status 200 with ' +
          'signedUrl". `url` must be the object URL an upload answered (relative or on this ' +
          'origin for the local store; the endpoint/bucket URL or s3://bucket/key for S3); any ' +
          'other URL is a 400 and nothing is signed (decision 403).',
        security: APP_KEY_SECURITY,
        body: GenerateDownloadUrlRequestSchema,
        response: { 200: GenerateDownloadUrlResponseSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    (request) => generateDownloadUrl(uploads, store, request.body.url, originOf(request)),
  );
  app.post(
    '/generate-upload-url',
    {
      schema: {
        tags: ['storage'],
        summary: 'A signed, expiring URL to PUT one file of a service (accident photos)',
        description:
          'Needs `Authorization: Bearer <token>` of the service. PUT the bytes to `signedUrl` ' +
          'with the answered content-type header; keep `url` to ask for a download URL later. ' +
          'At most 50 files per service (decision 404).',
        security: APP_KEY_SECURITY,
        body: GenerateUploadUrlRequestSchema,
        response: {
          200: GenerateUploadUrlResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.describe('The bearer token does not open that service'),
          409: ApiErrorSchema.describe('The service already keeps 50 files'),
        },
      },
    },
    (request) =>
      generateUploadUrl(
        app.repositories,
        uploads,
        store,
        request.headers.authorization,
        request.body,
        originOf(request),
      ),
  );
  done();
};

/**
 * The storage service (ARCHITECTURE decision 1: base URL `/storage`; decision 7 "file uploads").
 * The local store also serves its objects here, checked by signature instead of the app key, since
 * `<img>` and a plain PUT carry no headers of ours.
 */
export default async function storageRoutes(app: FastifyInstance): Promise<void> {
  const store = await createObjectStore(app.config.storage);
  const uploads = createUploadsRepository(app.database.db);
  await app.register(signingRoutes, { store, uploads });
  if (store.driver === 'local') {
    await app.register(localObjectsRoutes, {
      prefix: '/objects',
      store,
      uploads,
      maxUploadBytes: app.config.storage.maxUploadBytes,
    });
  }
}
