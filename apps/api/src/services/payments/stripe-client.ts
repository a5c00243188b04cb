import Stripe from 'stripe';

// The one Stripe SDK client of the API (decision 430): the card gateway (PaymentIntents) and the
// cCustomer provider (Customers) build it here, so both talk to the same host in the same way.

export interface StripeClientOptions {
  secretKey: string;
  /** STRIPE_API_BASE, e.g. http://127.0.0.1:4010 (tests' fixture server); Stripe's own host when undefined. */
  apiBase: string | undefined;
  /** Per request (the SDK aborts after it); 10 s by default. */
  timeoutMs?: number;
}

/**
 * The official SDK pointed at `apiBase`: no network retries (the PWA retries with the same
 * idempotency key, and one attempt per call keeps the wait short) and no telemetry.
 */
export function createStripeClient(options: StripeClientOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new Stripe(options.secretKey, {
    timeout: options.timeoutMs ?? 10_000,
    maxNetworkRetries: 0,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
