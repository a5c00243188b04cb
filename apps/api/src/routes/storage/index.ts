import { z } from 'zod';
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
import type { UploadsRepository } from '../../repositories/uploads.ts';
import type { ObjectStore } from '../../services/storage/object-store.ts';
import { generateDownloadUrl, generateUploadUrl } from '../../services/storage/storage-urls.ts';
import localObjectsRoutes from './objects.ts';
import { publicOriginOf } from '../../lib/public-origin.ts';

interface SigningOptions {
  store: ObjectStore;
  uploads: UploadsRepository;
  maxUploadBytes: number;
}

/** The calls that hand out signed URLs; they need the app key (SPEC 7 "API-key header"). */
const signingRoutes: FastifyPluginCallbackZod<SigningOptions> = (
  app,
  { store, uploads, maxUploadBytes },
  done,
) => {
  app.addHook('onRequest', app.requireAppKey);
  app.post(
    '/generate-download-url',
    {
      schema: {
        tags: ['storage'],
        summary: 'A signed, expiring URL that reads one object of our store',
        description:
          'SPEC 7: "{url}; JSON content type and API-key header; success on status 200 with ' +
          'signedUrl". `url` must be the object URL an upload answered (relative or on the ' +
          "server's public origin for the local store; the endpoint/bucket URL or " +
          's3://bucket/key for S3); any ' +
          'other URL is a 400 and nothing is signed (decision 403).',
        security: APP_KEY_SECURITY,
        body: GenerateDownloadUrlRequestSchema,
        response: { 200: GenerateDownloadUrlResponseSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    (request) => generateDownloadUrl(uploads, store, request.body.url, publicOriginOf(app)),
  );
  app.post(
    '/generate-upload-url',
    {
      schema: {
        tags: ['storage'],
        summary: 'A signed, expiring URL to PUT one file of a service (accident photos)',
        description:
          'Needs `Authorization: Bearer <token>` of the service. PUT exactly `size` bytes to ' +
          '`signedUrl` with the answered content-type header, then record the photo with ' +
          '`POST /common/api/v1/services/{id}/photos`. `photoId` (a UUID the phone makes) names ' +
          'the object: asking again for the same photo id signs the same object again, so a ' +
          'retry never makes a second one. At most 50 files per service, each at most ' +
          'STORAGE_MAX_UPLOAD_BYTES (decisions 404, 660).',
        security: APP_KEY_SECURITY,
        body: GenerateUploadUrlRequestSchema,
        response: {
          200: GenerateUploadUrlResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.with(z.describe('The bearer token does not open that service')),
          409: ApiErrorSchema.with(
            z.describe(
              'The service already keeps 50 files, the photo id is recorded already or was ' +
                'started with another content type',
            ),
          ),
          413: ApiErrorSchema.with(z.describe('`size` is above STORAGE_MAX_UPLOAD_BYTES')),
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
        publicOriginOf(app),
        maxUploadBytes,
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
  const { store, uploads } = app.objectStorage;
  const { maxUploadBytes } = app.config.storage;
  await app.register(signingRoutes, { store, uploads, maxUploadBytes });
  if (store.driver === 'local') {
    await app.register(localObjectsRoutes, {
      prefix: '/objects',
      store,
      uploads,
      maxUploadBytes,
    });
  }
}
