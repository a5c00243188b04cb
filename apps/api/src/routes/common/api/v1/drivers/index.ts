import { z } from 'zod';
import {
  ApiErrorSchema,
  DriverListResponseSchema,
  DriverSmsRequestSchema,
  DriverSmsResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { listDrivers } from '../../../../../services/dispatch.ts';
import { sendDriverSms } from '../../../../../services/driver-sms.ts';

/** SPEC 7 "GET /api/v1/drivers: all drivers" and POST /api/v1/drivers/sms. */
const driversRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['drivers'],
        summary: 'All drivers as public cards: no phone, e-mail, position or token (decision 415)',
        security: APP_KEY_SECURITY,
        response: { 200: DriverListResponseSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    () => listDrivers(app.repositories),
  );

  app.post(
    '/sms',
    {
      schema: {
        tags: ['drivers'],
        summary: "Text the service's driver (queued in the outbox); answers { status: true }",
        description:
          "Needs `Authorization: Bearer <token>` of the service. `message` starts with 'No Reply: " +
          "#{serviceNumber}: '; `phone` is the assigned driver's phone (decision 253). The same " +
          'text again queues nothing new.',
        security: APP_KEY_SECURITY,
        body: DriverSmsRequestSchema,
        response: {
          200: DriverSmsResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.with(
            z.describe('The bearer token does not open that service number'),
          ),
          409: ApiErrorSchema.with(z.describe('No driver is assigned to the service yet')),
        },
      },
    },
    (request) => sendDriverSms(app.repositories, request.headers.authorization, request.body),
  );
  done();
};

export default driversRoutes;
