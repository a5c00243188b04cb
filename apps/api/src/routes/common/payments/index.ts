import { ApiErrorSchema, CardChargeRequestSchema, CardChargeResponseSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../lib/route-schemas.ts';
import { chargeCard } from '../../../services/payments/charges.ts';
import { createCardChargesRepository } from '../../../services/payments/charges-repository.ts';

/** /common/payments: the card charge of the /payment screen (decisions 290-292). */
const paymentsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const charges = createCardChargesRepository(app.database.db);
  app.post(
    '/charges',
    {
      schema: {
        tags: ['payments'],
        summary: 'Charge a card with the embedded sandbox provider (no real money)',
        description:
          'Amount in cents. Luhn-valid test numbers succeed; 4000 0000 0000 0002 (declined), ' +
          '4000 0000 0000 9995 (insufficient funds) and 4000 0000 0000 0069 (expired) answer 402 ' +
          'PAYMENT_DECLINED. An expired date or a CVC of the wrong length is a 400 naming the ' +
          'field. The same idempotencyKey answers the same outcome; with another body it is a 409. ' +
          'Only the brand and last four digits are stored.',
        security: APP_KEY_SECURITY,
        body: CardChargeRequestSchema,
        response: {
          200: CardChargeResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          402: ApiErrorSchema.describe('The card was declined'),
          409: ApiErrorSchema.describe('The idempotency key belongs to another charge'),
        },
      },
    },
    (request) => chargeCard(charges, request.body),
  );
  done();
};

export default paymentsRoutes;
