import { CARD_BRANDS, CurrencySchema, type CardBrand } from '@auxilio/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type { CardPaymentGateway, IntentOutcome } from './card-gateway.ts';
import { createStripeClient, stripeErrors, type StripeClientOptions } from './stripe-client.ts';

// The Stripe adapter of ARCHITECTURE 7 "card payment" (decision 430), through the official SDK:
// form-encoded bodies, `Authorization: Bearer sk_...`, `Idempotency-Key` on creation, amounts in
// integer minor units and lowercase currencies. STRIPE_API_BASE points it at another host (tests
// use a local fixture server that speaks Stripe's REST format).

export interface StripeGatewayOptions extends StripeClientOptions {
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const IdOrObject = z.union([z.string(), z.object({ id: z.string() })]).nullable();

const ChargeSchema = z.object({
  id: z.string(),
  payment_method_details: z
    .object({
      card: z.object({ brand: z.string(), last4: z.string().regex(/^\d{4}$/) }).nullish(),
    })
    .nullish(),
});

/** The PaymentIntent fields we read (Stripe sends many more). */
const PaymentIntentSchema = z.object({
  id: z.string().startsWith('pi_'),
  object: z.literal('payment_intent'),
  amount: z.number().int().positive(),
  currency: CurrencySchema,
  status: z.string(),
  client_secret: z.string().nullable(),
  customer: IdOrObject,
  payment_method: IdOrObject,
  receipt_email: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  latest_charge: z.union([z.string(), ChargeSchema]).nullish(),
  last_payment_error: z
    .object({ code: z.string().nullish(), decline_code: z.string().nullish() })
    .nullish(),
});
type PaymentIntent = z.infer<typeof PaymentIntentSchema>;

const CustomerSchema = z.object({ id: z.string().startsWith('cus_') });

const idOf = (value: z.infer<typeof IdOrObject>) =>
  value === null ? null : typeof value === 'string' ? value : value.id;

function brandOf(brand: string | undefined): CardBrand {
  return CARD_BRANDS.find((known) => known === brand) ?? 'unknown';
}

/** Stripe calls the statuses a card payment has once it is authorised "succeeded" or "requires_capture". */
function outcomeOf(intent: PaymentIntent): IntentOutcome {
  if (intent.status === 'succeeded' || intent.status === 'requires_capture') {
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    const customerId = idOf(intent.customer);
    const cardId = idOf(intent.payment_method);
    if (!customerId || !cardId) throw unreadable();
    return {
      status: 'paid',
      intentId: intent.id,
      chargeId:
        charge?.id ?? (typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.id),
      customerId,
      cardId,
      amountCents: intent.amount,
      currency: intent.currency,
      brand: brandOf(card?.brand),
      last4: card?.last4 ?? '0000',
      email: intent.receipt_email ?? null,
      serviceId: intent.metadata?.serviceId ?? null,
    };
  }
  const error = intent.last_payment_error;
  if (intent.status === 'requires_payment_method' && error) {
    return { status: 'declined', declineCode: error.decline_code ?? error.code ?? 'card_declined' };
  }
  return { status: 'unpaid', providerStatus: intent.status };
}

function unreadable(): AppError {
  return new AppError('UNAVAILABLE', 'The card payment provider sent an answer we cannot read');
}

export function createStripeCardGateway(options: StripeGatewayOptions): CardPaymentGateway {
  const stripe = createStripeClient(options);

  /** Logs what failed (never the key, never the request) and answers our error for it. */
  function failure(error: unknown, operation: string): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof z.ZodError) {
      options.log.warn({ provider: 'stripe', operation }, 'Stripe answer not understood');
      return unreadable();
    }
    const errors = stripeErrors();
    if (errors && error instanceof errors.StripeError) {
      options.log.warn(
        {
          provider: 'stripe',
          operation,
          type: error.type,
          statusCode: error.statusCode,
          code: error.code,
          requestId: error.requestId,
        },
        'Stripe call failed',
      );
      if (error instanceof errors.StripeCardError) {
        // Typed as always there, but Stripe leaves it out for errors such as incorrect_cvc.
        const declineCode = error.decline_code as string | undefined;
        return new AppError(
          'PAYMENT_DECLINED',
          `The card was declined (${declineCode ?? error.code ?? 'card_declined'})`,
        );
      }
      if (error.statusCode === 404 && error.code === 'resource_missing') {
        return new AppError('NOT_FOUND', 'That payment does not exist');
      }
    } else {
      options.log.warn({ provider: 'stripe', operation }, 'Stripe call failed');
    }
    return new AppError('UNAVAILABLE', 'The card payment provider is not available; try again');
  }

  return {
    provider: 'stripe',
    async createIntent(input) {
      try {
        const client = await stripe();
        const metadata = { serviceId: input.serviceId, purpose: input.purpose };
        const customer = CustomerSchema.parse(
          await client.customers.create(
            { ...(input.email ? { email: input.email } : {}), metadata },
            { idempotencyKey: `${input.idempotencyKey}-customer` },
          ),
        );
        const intent = PaymentIntentSchema.parse(
          await client.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: input.currency,
              customer: customer.id,
              // Elements shows the account's methods; none that leaves the page (the PWA stays put).
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
              metadata,
              ...(input.email ? { receipt_email: input.email } : {}),
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        );
        if (!intent.client_secret) throw unreadable();
        return {
          id: intent.id,
          clientSecret: intent.client_secret,
          amountCents: intent.amount,
          currency: intent.currency,
        };
      } catch (error) {
        throw failure(error, 'createIntent');
      }
    },
    async retrieveIntent(intentId) {
      try {
        const client = await stripe();
        const intent = PaymentIntentSchema.parse(
          await client.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }),
        );
        return outcomeOf(intent);
      } catch (error) {
        throw failure(error, 'retrieveIntent');
      }
    },
  };
}
