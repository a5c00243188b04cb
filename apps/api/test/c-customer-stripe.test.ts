import { ApiErrorSchema, CreateCustomerResponseSchema } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentCustomers } from '../src/db/schema.ts';
import { AppError } from '../src/lib/errors.ts';
import { createStripeCardCustomerProvider } from '../src/services/stripe-card-customers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { startStripeFixture, stripeError, type StripeFixture } from './fixture-servers/stripe.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';
import { stripeFixturePayments } from './support/stripe-payments.ts';

// POST /dispatch/cCustomer with PAYMENT_PROVIDER=stripe (decision 127): the customer is created at
// Stripe, here a local server that speaks Stripe's REST format and records what it received.

const SECRET_KEY = 'sk_test_customerFixture42';

let stripe: StripeFixture;
let t: TestApp;
let logged: unknown[];

beforeAll(async () => {
  stripe = await startStripeFixture();
  t = await createTestApp({ config: { payments: stripeFixturePayments(stripe.url, SECRET_KEY) } });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});
beforeEach(() => {
  stripe.requests.length = 0;
  logged = [];
});

function createCustomer(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/common/dispatch/cCustomer',
    headers: { 'x-api-key': t.config.appKey },
    payload: {
      account_id: CONNECT_PR,
      branch: 'PR',
      name: 'Ana Rivera',
      email,
      phone: '7875550100',
    },
  });
}

async function storedFor(email: string) {
  return t.db.db.select().from(paymentCustomers).where(eq(paymentCustomers.email, email));
}

describe('POST /common/dispatch/cCustomer with Stripe', () => {
  it('creates one Stripe customer (form-encoded, bearer key, idempotency key) and keeps its id', async () => {
    const res = await createCustomer('Ana.Stripe@correo.example');
    expect(res.statusCode).toBe(200);
    const { customerIdStripe } = CreateCustomerResponseSchema.parse(res.json());
    expect(customerIdStripe).toMatch(/^cus_/);

    expect(stripe.requests).toHaveLength(1);
    const [sent] = stripe.requests;
    expect(sent).toMatchObject({ method: 'POST', url: '/v1/customers' });
    expect(sent?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent?.headers['idempotency-key']).toMatch(/^cCustomer-[0-9a-f]{64}$/);
    expect(sent?.form).toEqual({
      name: 'Ana Rivera',
      email: 'ana.stripe@correo.example',
      phone: '7875550100',
      'metadata[account_id]': CONNECT_PR,
      'metadata[branch]': 'PR',
    });
    expect(await storedFor('ana.stripe@correo.example')).toMatchObject([
      { id: customerIdStripe, provider: 'stripe' },
    ]);

    // The same customer again: answered from our table, Stripe is not called.
    const again = await createCustomer('ana.stripe@correo.example');
    expect(CreateCustomerResponseSchema.parse(again.json())).toEqual({ customerIdStripe });
    expect(stripe.requests).toHaveLength(1);
  });

  it.each([
    ['a 5xx', stripeError(500, { type: 'api_error', message: 'Something went wrong' })],
    ['a rate limit (429)', stripeError(429, { type: 'rate_limit_error', message: 'Too many' })],
    ['an unreadable body', { status: 200, raw: 'not json' }],
    ['a customer without a cus_ id', { status: 200, json: { id: 'x_1', object: 'customer' } }],
  ])('answers 503 UNAVAILABLE for %s and stores nothing', async (_case, answer) => {
    const email = `fails-${stripe.requests.length}-${String(Date.now())}@correo.example`;
    stripe.answerNext(answer);
    const res = await createCustomer(email);
    expect(res.statusCode).toBe(503);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('UNAVAILABLE');
    expect(res.body).not.toContain(SECRET_KEY);
    expect(await storedFor(email)).toEqual([]);
  });
});

describe('createStripeCardCustomerProvider', () => {
  const provider = (timeoutMs?: number) =>
    createStripeCardCustomerProvider({
      secretKey: SECRET_KEY,
      apiBase: stripe.url,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      log: { warn: (...args: unknown[]) => logged.push(args) },
    });
  const customer = {
    accountId: CONNECT_PR,
    branch: 'PR',
    name: 'Luis Cruz',
    email: 'luis@correo.example',
    phone: '',
  };

  it('sends no phone when there is none, and the same idempotency key for the same customer', async () => {
    const first = await provider().createCustomer(customer);
    const second = await provider().createCustomer(customer);
    expect(second).toBe(first);
    expect(stripe.requests[0]?.form).not.toHaveProperty('phone');
    expect(stripe.requests[1]?.headers['idempotency-key']).toBe(
      stripe.requests[0]?.headers['idempotency-key'],
    );
  });

  it('gives up after its timeout with a 503 and logs without the key', async () => {
    stripe.answerNext({ status: 200, json: { id: 'cus_late' }, delayMs: 1500 });
    const started = Date.now();
    const error: unknown = await provider(300)
      .createCustomer(customer)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(1400);
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(logged)).not.toContain('luis@correo.example');
  });
});
