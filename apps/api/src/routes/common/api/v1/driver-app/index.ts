import { ApiErrorSchema, LatitudeSchema, LongitudeSchema, TripStatusSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import {
  acceptService,
  authenticateDriver,
  updateTripStatus,
} from '../../../../../services/driver-app.ts';
import { createDriverTokenCache } from '../../../../../services/driver-token-cache.ts';
import { createPositionIntake } from '../../../../../services/position-intake.ts';
import driverDispatchRoutes from './dispatch-routes.ts';
import driverPhotoRoutes from './photo-routes.ts';

// ARCHITECTURE decision 8: the driver app API (decision 1: new endpoints under /common/api/v1).

const DRIVER_RESPONSES = {
  ...APP_KEY_ERROR_RESPONSES,
  401: ApiErrorSchema.with(
    z.describe('Missing or wrong `x-api-key`, or a missing or unknown driver token'),
  ),
  403: ApiErrorSchema.with(
    z.describe('The service is not assigned to this driver (or does not exist)'),
  ),
  409: ApiErrorSchema.with(z.describe('The service is no longer Active')),
} as const;

const BEARER_NOTE = 'Needs `Authorization: Bearer <driver token>` (docs/decisions/230).';

const TripStatusResultSchema = z.object({
  _id: z.string(),
  status: z.string(),
  statusNumber: z.number().int(),
  tripStatus: TripStatusSchema,
  changed: z.boolean(),
});

const ServiceParams = z.object({ id: z.string().min(1).max(64) });

const driverAppRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const repos = app.repositories;
  // Positions of many drivers arriving together are written together (decision 781).
  const positions = createPositionIntake(repos, app.database.kind);
  // Their tokens are checked again in the batch that writes them (decision 792).
  const tokens = createDriverTokenCache(repos);

  app.post(
    '/services/:id/accept',
    {
      schema: {
        tags: ['driver-app'],
        summary: 'The assigned driver accepts the service (trip ACCEPTED, forward only)',
        description: BEARER_NOTE,
        security: APP_KEY_SECURITY,
        params: ServiceParams,
        response: { 200: TripStatusResultSchema, ...DRIVER_RESPONSES },
      },
    },
    async (request) => {
      const driver = await authenticateDriver(repos, request.headers.authorization);
      return acceptService(repos, driver, request.params.id);
    },
  );

  app.post(
    '/position',
    {
      schema: {
        tags: ['driver-app'],
        summary: "The driver's position; one position event on the driver's active service",
        description: `${BEARER_NOTE} Fixes worse than 20 m are ignored (accepted: false), as is one older than the driver's last position.`,
        security: APP_KEY_SECURITY,
        body: z.object({
          lat: LatitudeSchema,
          lng: LongitudeSchema,
          heading: z.number().min(0).max(360).nullable().optional(),
          accuracy: z.number().nonnegative().nullable().optional(),
        }),
        response: {
          200: z.object({ accepted: z.boolean(), serviceId: z.string().nullable() }),
          ...DRIVER_RESPONSES,
        },
      },
    },
    (request) =>
      tokens.withDriver(request.headers.authorization, (driver) =>
        positions.report(driver, request.body),
      ),
  );

  app.post(
    '/services/:id/trip-status',
    {
      schema: {
        tags: ['driver-app'],
        summary: 'Moves the trip forward; a lower status is a 409 (SPEC 4, decision 256)',
        description: `${BEARER_NOTE} FINISHED finishes the service and frees the driver.`,
        security: APP_KEY_SECURITY,
        params: ServiceParams,
        body: z.object({ status: TripStatusSchema }),
        response: { 200: TripStatusResultSchema, ...DRIVER_RESPONSES },
      },
    },
    async (request) => {
      const driver = await authenticateDriver(repos, request.headers.authorization);
      return updateTripStatus(repos, driver, request.params.id, request.body.status);
    },
  );
  // Offers, online switch, long-poll state, batched positions, giving back (decision 760); the
  // batched positions go through the same intake.
  void app.register(driverDispatchRoutes, { positions, tokens });
  // Optional photos of the trip under way (decision 761).
  void app.register(driverPhotoRoutes);
  done();
};

export default driverAppRoutes;
