import { z } from 'zod';
import { ApiErrorSchema, TipRequestSchema, TipResponseSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../lib/route-schemas.ts';
import { recordTip } from '../../../services/surveys-and-tips.ts';

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
          'card or ATH Móvil tip names its payment in `chargeIdStripe` (decision 126), checked ' +
          'with its provider: completed, the tip amount in the service currency, for this ' +
          'service, not used before (decision 434). 409 when tipping is not allowed for the ' +
          'brand, branch or service type, when the service is not finished yet or was cancelled ' +
          '(decision 478), or the service already has a different tip (decision 254).',
        security: APP_KEY_SECURITY,
        body: TipRequestSchema,
        response: {
          200: TipResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          403: ApiErrorSchema.with(z.describe('The bearer token does not open that service')),
          409: ApiErrorSchema.with(
            z.describe(
              'CONFLICT: tipping not allowed, service not finished or cancelled, or another tip. ' +
                'PAYMENT_INVALID: the payment does not pay this tip',
            ),
          ),
          503: ApiErrorSchema.with(z.describe('The payment provider did not answer; try again')),
        },
      },
    },
    (request) =>
      recordTip(
        app.repositories,
        app.payments.verifier,
        request.headers.authorization,
        request.body,
      ),
  );
  done();
};

export default tipsRoutes;
