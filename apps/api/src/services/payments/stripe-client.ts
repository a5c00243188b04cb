import type Stripe from 'stripe';

// The one Stripe SDK client of the API (decision 430): the card gateway (PaymentIntents) and the
// cCustomer provider (Customers) build it here, so both talk to the same host in the same way.

export interface StripeClientOptions {
  secretKey: string;
  /** STRIPE_API_BASE, e.g. http://127.0.0.1:4010 (tests' fixture server); Stripe's own host when undefined. */
  apiBase: string | undefined;
  /** Per request (the SDK aborts after it); 10 s by default. */
  timeoutMs?: number;
}

type StripeSdk = typeof Stripe;

let sdk: Promise<StripeSdk> | undefined;
let loaded: StripeSdk | undefined;

/**
 * The SDK, loaded on the first Stripe call rather than at start (about 0.13 s of a cold start; a
 * server without PAYMENT_PROVIDER=stripe never loads it).
 */
function loadStripeSdk(): Promise<StripeSdk> {
  sdk ??= import('stripe').then((module) => (loaded = module.default));
  return sdk;
}

/** The SDK's error classes once it is loaded (before that, no error can be one of them). */
export function stripeErrors(): StripeSdk['errors'] | undefined {
  return loaded?.errors;
}

/**
 * The official SDK pointed at `apiBase`, made on first use: no network retries (the PWA retries
 * with the same idempotency key, and one attempt per call keeps the wait short) and no telemetry.
 */
export function createStripeClient(options: StripeClientOptions): () => Promise<Stripe> {
  let client: Promise<Stripe> | undefined;
  return () => {
    client ??= loadStripeSdk().then((StripeClient) => newClient(StripeClient, options));
    return client;
  };
}

function newClient(StripeClient: StripeSdk, options: StripeClientOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new StripeClient(options.secretKey, {
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
