import {
  ApiErrorSchema,
  CardChargeRequestSchema,
  CardChargeResponseSchema,
  CardPaymentIntentRequestSchema,
  CardPaymentIntentResponseSchema,
  MobilePaymentIdSchema,
  MobilePaymentRequestSchema,
  MobilePaymentSchema,
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
import {
  completeMobilePayment,
  startMobilePayment,
} from '../../../services/payments/mobile-payments.ts';

const UNAVAILABLE = ApiErrorSchema.with(
  z.describe(
    'The card payment provider failed (rate limit, 5xx, unreadable answer, timeout); try again',
  ),
);

/**
 * /common/payments: the card payment of the /payment and /tips screens. The embedded sandbox
 * charges typed test cards (decisions 290-292); with PAYMENT_PROVIDER=stripe the PWA uses Stripe
 * Elements on PaymentIntents that this API creates and verifies (decision 430).
 */
const paymentsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { charges, cardGateway: gateway } = app.payments;

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
          402: ApiErrorSchema.with(z.describe('The card was declined')),
          409: ApiErrorSchema.with(
            z.describe('The idempotency key belongs to another charge, or Stripe is configured'),
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
          402: ApiErrorSchema.with(z.describe('Stripe refused the card')),
          403: ApiErrorSchema.with(
            z.describe('A tip with a token that does not open that service'),
          ),
          404: ApiErrorSchema.with(z.describe('The account does not exist')),
          409: ApiErrorSchema.with(z.describe('Stripe is not configured, or nothing to pay')),
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
          402: ApiErrorSchema.with(z.describe('The card was declined')),
          404: ApiErrorSchema.with(z.describe('Stripe does not know this PaymentIntent')),
          409: ApiErrorSchema.with(
            z.describe('Stripe is not configured, or the payment is not complete'),
          ),
          503: UNAVAILABLE,
        },
      },
    },
    (request) => verifyCardPaymentIntent(gateway, charges, request.params.intentId),
  );

  app.post(
    '/mobile',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start an ATH Móvil payment for the customer to approve in the ATH Móvil app',
        description:
          'The amount is computed here, as for /intents (decision 434): a service payment is the ' +
          "account's fee or the contract's surplus plus tax; a tip is the chosen amount and needs " +
          '`Authorization: Bearer <token>` of that service. Puerto Rico services only, in US ' +
          'dollars. The embedded sandbox approves at once, except for the phone number ' +
          '7875550002, whose payment is cancelled. The same ' +
          'idempotencyKey answers the same payment. Then POST /mobile/{paymentId}/complete once ' +
          'the customer approved it, and name `paymentId` in the request (`paymentMethod` ' +
          '`ath_movil`, `chargeIdStripe`).',
        security: APP_KEY_SECURITY,
        body: MobilePaymentRequestSchema,
        response: {
          200: MobilePaymentSchema,
          ...APP_KEY_ERROR_RESPONSES,
          402: ApiErrorSchema.with(z.describe('ATH Móvil refused the payment')),
          403: ApiErrorSchema.with(
            z.describe('A tip with a token that does not open that service'),
          ),
          409: ApiErrorSchema.with(
            z.describe(
              'Nothing to pay, not a Puerto Rico service (decision 665), not in dollars, or an ' +
                'idempotency key of another payment',
            ),
          ),
          503: ApiErrorSchema.with(z.describe('ATH Móvil did not answer; try again')),
        },
      },
    },
    (request) =>
      startMobilePayment(
        app.repositories,
        app.payments.mobileGateway,
        request.headers.authorization,
        request.body,
      ),
  );

  app.post(
    '/mobile/:paymentId/complete',
    {
      schema: {
        tags: ['payments'],
        summary: 'Complete an ATH Móvil payment the customer approved',
        description:
          'Asks ATH Móvil for the payment: an approved one is completed and answered with its ' +
          'reference number; one still waiting for the customer is a 409; a cancelled or expired ' +
          'one a 402. Completing a completed payment again answers it unchanged.',
        security: APP_KEY_SECURITY,
        params: z.object({ paymentId: MobilePaymentIdSchema }),
        response: {
          200: MobilePaymentSchema,
          ...APP_KEY_ERROR_RESPONSES,
          402: ApiErrorSchema.with(z.describe('The payment was cancelled or expired')),
          409: ApiErrorSchema.with(z.describe('The customer has not approved it yet')),
          503: ApiErrorSchema.with(z.describe('ATH Móvil did not answer; try again')),
        },
      },
    },
    (request) =>
      completeMobilePayment(app.repositories, app.payments.mobileGateway, request.params.paymentId),
  );
  done();
};

export default paymentsRoutes;
