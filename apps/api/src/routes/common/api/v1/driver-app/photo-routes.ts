import {
  ApiErrorSchema,
  DriverPhotoUploadUrlRequestSchema,
  GenerateUploadUrlResponseSchema,
  RecordDriverPhotoRequestSchema,
  ServicePhotoSchema,
  ServicePhotosResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { publicOriginOf } from '../../../../../lib/public-origin.ts';
import { authenticateDriver } from '../../../../../services/driver-app.ts';
import {
  driverPhotoUploadUrl,
  listDriverPhotos,
  recordDriverPhoto,
} from '../../../../../services/storage/driver-trip-photos.ts';

// The driver's optional photos of the trip (docs/decisions/761), e.g. the vehicle at pickup and at
// drop-off: uploaded as the customer's accident photos are (decision 660), kept apart from them.

const BEARER_NOTE = 'Needs `x-api-key` and `Authorization: Bearer <driver token>` (decision 230).';

const ServiceParams = z.object({ id: z.string().min(1).max(64) });

const RESPONSES = {
  ...APP_KEY_ERROR_RESPONSES,
  401: ApiErrorSchema.with(z.describe('Missing or wrong `x-api-key`, or an unknown driver token')),
  403: ApiErrorSchema.with(z.describe('The service is not assigned to this driver')),
  404: ApiErrorSchema.with(z.describe('No such service')),
} as const;

const driverPhotoRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const repos = app.repositories;
  const { maxUploadBytes } = app.config.storage;

  app.post(
    '/services/:id/photos/upload-url',
    {
      schema: {
        tags: ['driver-app'],
        summary: 'A signed, expiring URL to PUT one photo of the trip under way',
        description:
          `${BEARER_NOTE} Only on the driver's trip under way (ACCEPTED to TOWED). PUT exactly ` +
          '`size` bytes to `signedUrl` with the answered content-type header, then record the ' +
          'photo. Same content types and limits as the accident photos (decision 660); asking ' +
          'again for the same photo id signs the same object again.',
        security: APP_KEY_SECURITY,
        params: ServiceParams,
        body: DriverPhotoUploadUrlRequestSchema,
        response: {
          200: GenerateUploadUrlResponseSchema,
          ...RESPONSES,
          409: ApiErrorSchema.with(
            z.describe(
              'The trip is not under way, the trip keeps 50 photos, or the photo id is recorded ' +
                'already, taken or started with another content type',
            ),
          ),
          413: ApiErrorSchema.with(z.describe('`size` is above STORAGE_MAX_UPLOAD_BYTES')),
        },
      },
    },
    async (request) => {
      const driver = await authenticateDriver(repos, request.headers.authorization);
      return driverPhotoUploadUrl(
        repos,
        app.objectStorage,
        driver,
        { serviceId: request.params.id, ...request.body },
        publicOriginOf(app),
        maxUploadBytes,
      );
    },
  );

  app.post(
    '/services/:id/photos',
    {
      schema: {
        tags: ['driver-app'],
        summary: 'Records an uploaded photo of the trip (idempotent by photo id)',
        description:
          `${BEARER_NOTE} Its bytes must be in the store. Not an accident photo: the customer's ` +
          'photo list and imagesCount do not show it. Recording it again answers the same photo.',
        security: APP_KEY_SECURITY,
        params: ServiceParams,
        body: RecordDriverPhotoRequestSchema,
        response: {
          200: ServicePhotoSchema,
          ...RESPONSES,
          404: ApiErrorSchema.with(
            z.describe('No such service, or no upload URL was asked for that photo id'),
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
    async (request) => {
      const driver = await authenticateDriver(repos, request.headers.authorization);
      return recordDriverPhoto(
        repos,
        app.objectStorage,
        driver,
        { serviceId: request.params.id, photoId: request.body.photoId },
        publicOriginOf(app),
      );
    },
  );

  app.get(
    '/services/:id/photos',
    {
      schema: {
        tags: ['driver-app'],
        summary: "The driver's photos of the trip, with signed URLs that show them",
        description: `${BEARER_NOTE} Oldest first; each \`signedUrl\` reads its photo until \`expiresAt\`.`,
        security: APP_KEY_SECURITY,
        params: ServiceParams,
        response: { 200: ServicePhotosResponseSchema, ...RESPONSES },
      },
    },
    async (request, reply) => {
      const driver = await authenticateDriver(repos, request.headers.authorization);
      // Signed URLs expire: the list is never cached.
      reply.header('cache-control', 'no-store');
      return listDriverPhotos(
        repos,
        app.objectStorage,
        driver,
        request.params.id,
        publicOriginOf(app),
      );
    },
  );
  done();
};

export default driverPhotoRoutes;
