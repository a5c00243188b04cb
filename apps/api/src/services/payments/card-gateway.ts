import type { CardBrand, Currency } from '@auxilio/domain';

// ARCHITECTURE 7 "card payment": Stripe (PaymentIntents + Elements) in production (decision 430).
// The server creates the PaymentIntent with the amount it computed, the browser confirms it with
// Stripe Elements, and the server reads it back before the charge counts as paid. The embedded
// sandbox keeps its own card form and endpoint (decisions 290-291).

export interface CreateIntentInput {
  /** Computed by the server, in cents (SPEC 9 "Amounts are in cents"). */
  amountCents: number;
  currency: Currency;
  /** Sent as the provider's idempotency key: a retry answers the same PaymentIntent. */
  idempotencyKey: string;
  serviceId: string;
  purpose: 'service' | 'tip';
  email: string | undefined;
}

export interface CardPaymentIntent {
  id: string;
  /** For the browser's Stripe Elements; it can confirm this one PaymentIntent, nothing else. */
  clientSecret: string;
  amountCents: number;
  currency: Currency;
}

/** A PaymentIntent read back from the provider. */
export type IntentOutcome =
  | {
      status: 'paid';
      intentId: string;
      /** The charge (SPEC 3 chargeIdStripe); the PaymentIntent id when the provider has none. */
      chargeId: string;
      customerId: string;
      /** The payment method (SPEC 3 cardIdStripe). */
      cardId: string;
      amountCents: number;
      currency: Currency;
      brand: CardBrand;
      last4: string;
      email: string | null;
      /** `metadata[serviceId]`: set on every PaymentIntent this API creates. */
      serviceId: string | null;
    }
  | { status: 'declined'; declineCode: string }
  /** Not confirmed yet, or cancelled: the provider's own status. */
  | { status: 'unpaid'; providerStatus: string };

/**
 * A card provider that works with PaymentIntents. Provider failures are thrown as AppError:
 * 402 PAYMENT_DECLINED for a card error, 404 for an unknown PaymentIntent, 503 UNAVAILABLE for
 * anything else (rate limit, 5xx, an answer we cannot read, a timeout).
 */
export interface CardPaymentGateway {
  readonly provider: 'stripe';
  createIntent(input: CreateIntentInput): Promise<CardPaymentIntent>;
  retrieveIntent(intentId: string): Promise<IntentOutcome>;
}
