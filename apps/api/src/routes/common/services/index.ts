import { ApiErrorSchema, HoldEditCancelRequestSchema, ServiceSchema } from '@auxilio/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APP_KEY_ERROR_RESPONSES,
  APP_KEY_SECURITY,
  NOT_MODIFIED,
} from '../../../lib/route-schemas.ts';
import { cancelService } from '../../../services/cancellation.ts';
import type { ServiceView } from '../../../services/service-requests/read-cache.ts';

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

/**
 * The answer to GET /services/{id}: 304 to a poll whose If-None-Match is the view's ETag (sent
 * here), else the view's JSON, returned for Fastify to send as is. The body was validated by
 * toService when the view was made, so it is not serialised again (decision 480); typed `never`
 * because the route's schema types the parsed object, not its JSON text.
 */
function answerView(view: ServiceView, request: FastifyRequest, reply: FastifyReply): never {
  reply.header('etag', view.etag).header('cache-control', 'private, no-cache');
  if (request.headers['if-none-match'] === view.etag) {
    reply.code(304).send(null);
    return undefined as never;
  }
  reply.type('application/json; charset=utf-8');
  return view.body as never;
}

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
    (request, reply) => {
      const { authorization } = request.headers;
      const { id } = request.params;
      // A fresh cached view answers at once; only a miss (or a refusal) waits on the database.
      const hit = app.serviceReadCache.cached(authorization, id);
      if (hit) return answerView(hit, request, reply);
      return app.serviceReadCache
        .read(app.repositories, authorization, id)
        .then((view) => answerView(view, request, reply));
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
