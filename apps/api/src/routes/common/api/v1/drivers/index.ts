import { DriverListResponseSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { listDrivers } from '../../../../../services/dispatch.ts';

/** SPEC 7 "GET /api/v1/drivers: all drivers". */
const driversRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['drivers'],
        summary: 'All drivers with their last position (never their tokens)',
        security: APP_KEY_SECURITY,
        response: { 200: DriverListResponseSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    () => listDrivers(app.repositories),
  );
  done();
};

export default driversRoutes;
