import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.ts';
import { createStripeCardGateway } from '../src/services/payments/stripe-card-gateway.ts';
import { startStripeFixture, stripeError, type StripeFixture } from './fixture-servers/stripe.ts';

// The Stripe adapter (decision 430) on its own, against the local Stripe fixture: how each provider
// failure becomes our error, and that what it logs never holds the secret key.

const SECRET_KEY = 'sk_test_neverLogged987';

let stripe: StripeFixture;
const logged: unknown[] = [];
const log = { warn: (...args: unknown[]) => void logged.push(args) };

beforeAll(async () => {
  stripe = await startStripeFixture();
});
afterAll(async () => {
  await stripe.close();
});
beforeEach(() => {
  logged.length = 0;
});

function gateway(timeoutMs = 2000) {
  return createStripeCardGateway({ secretKey: SECRET_KEY, apiBase: stripe.url, timeoutMs, log });
}

const input = {
  amountCents: 4500,
  currency: 'usd' as const,
  idempotencyKey: 'adapter-test-key-1',
  serviceId: 'service-adapter-1',
  purpose: 'service' as const,
  email: undefined,
};

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('Stripe card gateway', () => {
  it.each([
    [
      'a card error',
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'card_declined',
        message: 'Your card was declined.',
      }),
      402,
      'PAYMENT_DECLINED',
    ],
    [
      'a rate limit',
      stripeError(429, { type: 'rate_limit_error', message: 'Slow down' }),
      503,
      'UNAVAILABLE',
    ],
    ['a 502', stripeError(502, { type: 'api_error', message: 'Bad gateway' }), 503, 'UNAVAILABLE'],
    ['a body that is not JSON', { status: 200, raw: 'not json' }, 503, 'UNAVAILABLE'],
    [
      'a PaymentIntent without its client secret',
      { status: 200, json: { id: 'pi_1', object: 'payment_intent', amount: 4500 } },
      503,
      'UNAVAILABLE',
    ],
    [
      'an invalid API key',
      stripeError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${SECRET_KEY}`,
      }),
      503,
      'UNAVAILABLE',
    ],
  ])('maps %s to our error and logs it without the key', async (_case, answer, status, code) => {
    // The customer is created first: the scripted answer hits it, or the PaymentIntent after it.
    stripe.answerNext(answer);
    const error = await failureOf(gateway().createIntent(input));
    expect(error).toMatchObject({ statusCode: status, code });
    expect(error.message).not.toContain(SECRET_KEY);
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).toContain('stripe');
    expect(JSON.stringify(logged)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(logged)).not.toContain('sk_test');
  });

  it('gives up after its timeout with a 503', async () => {
    stripe.answerNext({ status: 200, json: {}, delayMs: 1500 });
    const started = Date.now();
    const error = await failureOf(gateway(300).createIntent(input));
    expect(error).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(1400);
    expect(JSON.stringify(logged)).not.toContain(SECRET_KEY);
  });

  it('sends the amount in minor units and the currency in lower case', async () => {
    stripe.requests.length = 0;
    const intent = await gateway().createIntent({
      ...input,
      idempotencyKey: 'adapter-crc-1',
      currency: 'crc',
      amountCents: 1_250_000,
    });
    expect(intent).toMatchObject({ amountCents: 1_250_000, currency: 'crc' });
    expect(stripe.requests.at(-1)?.form).toMatchObject({ amount: '1250000', currency: 'crc' });
  });
});
