import { ApiErrorSchema, TipRequestSchema, TipResponseSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../lib/route-schemas.ts';
import { recordTip } from '../../../services/post-service.ts';

/** SPEC 7 POST /tips (payload of decision 126). */
const tipsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['post-service'],
        summary: 'Record the tip of a service (one per service; the same body again answers it)',
        description:
          'Needs `Authorization: Bearer <token>` of the service. Amount in cents (1..10000); a ' +
          'card tip needs `chargeIdStripe` (decision 126). 409 when tipping is not allowed for ' +
          'the brand, branch or service type, or the service already has a different tip ' +
          '(decision 254).',
        security: APP_KEY_SECURITY,
        body: TipRequestSchema,
        response: {
          200: TipResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.describe('The bearer token does not open that service'),
          409: ApiErrorSchema.describe('Tipping not allowed, service cancelled, or another tip'),
        },
      },
    },
    (request) => recordTip(app.repositories, request.headers.authorization, request.body),
  );
  done();
};

export default tipsRoutes;
