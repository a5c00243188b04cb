import {
  ApiErrorSchema,
  CardChargeRequestSchema,
  CardChargeResponseSchema,
  CardPaymentIntentRequestSchema,
  CardPaymentIntentResponseSchema,
  PaymentIntentIdSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../lib/route-schemas.ts';
import {
  createCardPaymentIntent,
  verifyCardPaymentIntent,
} from '../../../services/payments/card-payment-intents.ts';
import { chargeCard } from '../../../services/payments/charges.ts';
import { createCardChargesRepository } from '../../../services/payments/charges-repository.ts';
import { createStripeCardGateway } from '../../../services/payments/stripe-card-gateway.ts';

const UNAVAILABLE = ApiErrorSchema.describe(
  'The card payment provider failed (rate limit, 5xx, unreadable answer, timeout); try again',
);

/**
 * /common/payments: the card payment of the /payment and /tips screens. The embedded sandbox
 * charges typed test cards (decisions 290-292); with PAYMENT_PROVIDER=stripe the PWA uses Stripe
 * Elements on PaymentIntents that this API creates and verifies (decision 430).
 */
const paymentsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const charges = createCardChargesRepository(app.database.db);
  const card = app.config.payments.card;
  const gateway =
    card.provider === 'stripe'
      ? createStripeCardGateway({ secretKey: card.secretKey, apiBase: card.apiBase, log: app.log })
      : null;

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
          'Only the brand and last four digits are stored. With Stripe configured card numbers ' +
          'never reach this API: 409 (use /payments/intents).',
        security: APP_KEY_SECURITY,
        body: CardChargeRequestSchema,
        response: {
          200: CardChargeResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          402: ApiErrorSchema.describe('The card was declined'),
          409: ApiErrorSchema.describe(
            'The idempotency key belongs to another charge, or Stripe is configured',
          ),
        },
      },
    },
    (request) => {
      if (gateway) {
        throw new AppError(
          'CONFLICT',
          'Card payments go through Stripe here: POST /common/payments/intents',
          'provider',
        );
      }
      return chargeCard(charges, request.body);
    },
  );

  app.post(
    '/intents',
    {
      schema: {
        tags: ['payments'],
        summary: 'Create a Stripe PaymentIntent for the PWA to confirm with Stripe Elements',
        description:
          'The amount is computed here, never taken from the client: a service payment is the ' +
          "account's fee or the contract's surplus plus tax (decision 257); a tip is the chosen " +
          'amount (at most 100.00). The idempotencyKey is sent to Stripe, so a retry answers the ' +
          'same PaymentIntent; metadata carries the serviceId. 409 when Stripe is not configured ' +
          'or there is nothing to pay. A tip is about an existing service: it needs ' +
          '`Authorization: Bearer <token>` of that service.',
        security: APP_KEY_SECURITY,
        body: CardPaymentIntentRequestSchema,
        response: {
          200: CardPaymentIntentResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          402: ApiErrorSchema.describe('Stripe refused the card'),
          403: ApiErrorSchema.describe('A tip with a token that does not open that service'),
          404: ApiErrorSchema.describe('The account does not exist'),
          409: ApiErrorSchema.describe('Stripe is not configured, or nothing to pay'),
          503: UNAVAILABLE,
        },
      },
    },
    (request) =>
      createCardPaymentIntent(
        app.repositories,
        gateway,
        request.headers.authorization,
        request.body,
      ),
  );

  app.post(
    '/intents/:intentId/verify',
    {
      schema: {
        tags: ['payments'],
        summary: 'Check with Stripe that a PaymentIntent is paid and record the charge',
        description:
          'Only the statuses succeeded and requires_capture count as paid: the answer carries the ' +
          'ids of SPEC 3 Payment (chargeIdStripe, customerIdStripe, cardIdStripe). A declined ' +
          'attempt is a 402; a PaymentIntent not confirmed yet (or cancelled) is a 409.',
        security: APP_KEY_SECURITY,
        params: z.object({ intentId: PaymentIntentIdSchema }),
        response: {
          200: CardChargeResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          402: ApiErrorSchema.describe('The card was declined'),
          404: ApiErrorSchema.describe('Stripe does not know this PaymentIntent'),
          409: ApiErrorSchema.describe('Stripe is not configured, or the payment is not complete'),
          503: UNAVAILABLE,
        },
      },
    },
    (request) => verifyCardPaymentIntent(gateway, charges, request.params.intentId),
  );
  done();
};

export default paymentsRoutes;
