import { ApiErrorSchema, HoldEditCancelRequestSchema, ServiceSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APP_KEY_ERROR_RESPONSES,
  APP_KEY_SECURITY,
  NOT_MODIFIED,
} from '../../../lib/route-schemas.ts';
import { cancelService } from '../../../services/cancellation.ts';

const SERVICE_TOKEN_RESPONSES = {
  ...APP_KEY_ERROR_RESPONSES,
  401: ApiErrorSchema.with(
    z.describe('Missing or wrong `x-api-key`, or no `Authorization: Bearer` token'),
  ),
  403: ApiErrorSchema.with(
    z.describe('The bearer token does not open that service (or it does not exist)'),
  ),
} as const;

const BEARER_NOTE = 'Needs `Authorization: Bearer <token>` of the service (returned at creation).';

/** SPEC 7 GET /services/{id} and POST /services/holdEdit. */
const servicesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['services'],
        summary: 'One service: status, trip, driver, locations, situation, branch, sfIdAccount',
        description:
          `${BEARER_NOTE} Answers an \`ETag\`; a poll with \`If-None-Match\` of an unchanged ` +
          'service gets 304 without a body.',
        security: APP_KEY_SECURITY,
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: ServiceSchema, 304: NOT_MODIFIED, ...SERVICE_TOKEN_RESPONSES },
      },
    },
    async (request, reply) => {
      const view = await app.serviceReadCache.read(
        app.repositories,
        request.headers.authorization,
        request.params.id,
      );
      reply.header('etag', view.etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === view.etag) return reply.code(304).send(null);
      // The body was validated by toService when the view was made: sent as is (decision 480).
      // Returned rather than sent, so Fastify does not wait on the reply as a thenable (it
      // watches the socket's end for that, which cost about 5% of this hot read).
      reply.type('application/json; charset=utf-8');
      return view.body as never;
    },
  );

  app.post(
    '/holdEdit',
    {
      schema: {
        tags: ['services'],
        summary: "Cancel a service: status 'Void' with the reason (answers 200 OK, idempotent)",
        description: `${BEARER_NOTE} Cancelling a Void service again answers 200 and changes nothing.`,
        security: APP_KEY_SECURITY,
        body: HoldEditCancelRequestSchema,
        response: {
          200: z.object({ _id: z.string(), status: z.literal('Void') }),
          ...SERVICE_TOKEN_RESPONSES,
          409: ApiErrorSchema.with(
            z.describe('The service is Finished or Cancelled: it cannot be voided'),
          ),
        },
      },
    },
    (request) => cancelService(app.repositories, request.headers.authorization, request.body),
  );
  done();
};

export default servicesRoutes;
