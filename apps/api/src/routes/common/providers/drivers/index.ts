import {
  ApiErrorSchema,
  DriverByIdResponseSchema,
  DriverLocationResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../lib/route-schemas.ts';
import { getDriver, getDriverLocation } from '../../../../services/dispatch.ts';

const Params = z.object({ id: z.string().min(1).max(64) });

/** SPEC 7 GET /providers/drivers/driverById/{id} and .../{id}/location. */
const providerDriversRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/driverById/:id',
    {
      schema: {
        tags: ['drivers'],
        summary: 'One driver: name, branch, vehicle type, employeeImage, vehicleImage',
        description:
          'The public card of a driver (decision 415): no phone, e-mail or position. 404 for an ' +
          'unknown driver.',
        security: APP_KEY_SECURITY,
        params: Params,
        response: { 200: DriverByIdResponseSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    (request) => getDriver(app.repositories, request.params.id),
  );

  app.get(
    '/driverById/:id/location',
    {
      schema: {
        tags: ['drivers'],
        summary: "The driver's last reported position in `data` (null when none)",
        description:
          'Needs `Authorization: Bearer <token>` of an Active service this driver serves ' +
          '(decision 415): 401 without a bearer token, 403 for any other token, whether the ' +
          'driver exists or not.',
        security: APP_KEY_SECURITY,
        params: Params,
        response: {
          200: DriverLocationResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.with(
            z.describe('The bearer token is not of a service this driver serves'),
          ),
        },
      },
    },
    (request) =>
      getDriverLocation(app.repositories, request.headers.authorization, request.params.id),
  );
  done();
};

export default providerDriversRoutes;
