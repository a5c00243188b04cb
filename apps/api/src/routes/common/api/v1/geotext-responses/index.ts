import { z } from 'zod';
import {
  ApiErrorSchema,
  GeotextResponseRequestSchema,
  GeotextResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { recordGeotextResponse } from '../../../../../services/geotext.ts';

/** SPEC 7 POST /api/v1/geotext-responses. */
const geotextResponsesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['geotext'],
        summary: 'The customer answers a location-by-text link (position or failure)',
        description:
          'SPEC 7 body {lat, lng, address, roomId, phoneNumber, success}; SPEC 8: a location ' +
          'error sends success false with null coordinates. The room must have been sent to ' +
          'that phone number (404 naming body.roomId otherwise) and not have expired (409). A ' +
          "successful answer for a room of an open service moves that service's situation there " +
          '(decision 413). Answers the stored response.',
        security: APP_KEY_SECURITY,
        body: GeotextResponseRequestSchema,
        response: {
          201: GeotextResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          404: ApiErrorSchema.with(
            z.describe('No room with that id was sent to that phone number'),
          ),
          409: ApiErrorSchema.with(z.describe('The geotext link has expired')),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await recordGeotextResponse(app.repositories, request.body)),
  );
  done();
};

export default geotextResponsesRoutes;
