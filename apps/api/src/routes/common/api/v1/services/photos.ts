import {
  ApiErrorSchema,
  RecordServicePhotoRequestSchema,
  ServiceIdSchema,
  ServicePhotoSchema,
  ServicePhotosResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { publicOriginOf } from '../../../../../lib/public-origin.ts';
import {
  listServicePhotos,
  recordServicePhoto,
} from '../../../../../services/storage/service-photos.ts';

// SPEC 2 /tracking/coninspection: the accident photos of a service, recorded once their bytes are
// in the object store and read back with signed URLs (decision 660).

const params = z.object({ id: ServiceIdSchema });

const TOKEN_REFUSALS = {
  401: ApiErrorSchema.with(z.describe('Missing or wrong `x-api-key`, or no bearer token')),
  403: ApiErrorSchema.with(
    z.describe('The bearer token does not open that service (or it does not exist)'),
  ),
} as const;

const servicePhotosRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/:id/photos',
    {
      schema: {
        tags: ['services'],
        summary: 'Record an uploaded accident photo on the service',
        description:
          'Needs `Authorization: Bearer <token>` of the service. The photo id is the one its ' +
          'upload URL was asked with (`POST /storage/generate-upload-url`); its bytes must be in ' +
          'the store. The service then holds it, and its situation specification counts it ' +
          '(imagesCount). Recording the same photo again answers the same photo.',
        security: APP_KEY_SECURITY,
        params,
        body: RecordServicePhotoRequestSchema,
        response: {
          200: ServicePhotoSchema,
          ...APP_KEY_ERROR_RESPONSES,
          ...TOKEN_REFUSALS,
          404: ApiErrorSchema.with(
            z.describe('No upload URL was asked for that photo id on this service'),
          ),
          409: ApiErrorSchema.with(
            z.describe(
              'The bytes have not arrived yet (PUT them first), or the service is Void or Cancelled',
            ),
          ),
          503: ApiErrorSchema.with(z.describe('The object store did not answer: try again')),
        },
      },
    },
    (request) =>
      recordServicePhoto(
        app.repositories,
        app.objectStorage,
        request.headers.authorization,
        { serviceId: request.params.id, photoId: request.body.photoId },
        publicOriginOf(app),
      ),
  );

  app.get(
    '/:id/photos',
    {
      schema: {
        tags: ['services'],
        summary: 'The accident photos recorded on the service, with signed URLs that show them',
        description:
          'Needs `Authorization: Bearer <token>` of the service. Oldest first; each `signedUrl` ' +
          'reads its photo until `expiresAt` (STORAGE_URL_EXPIRES_SECONDS).',
        security: APP_KEY_SECURITY,
        params,
        response: {
          200: ServicePhotosResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          ...TOKEN_REFUSALS,
        },
      },
    },
    async (request, reply) => {
      // Signed URLs expire: the list is never cached.
      reply.header('cache-control', 'no-store');
      return listServicePhotos(
        app.repositories,
        app.objectStorage,
        request.headers.authorization,
        request.params.id,
        publicOriginOf(app),
      );
    },
  );
  done();
};

export default servicePhotosRoutes;
