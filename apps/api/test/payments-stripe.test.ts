import { randomUUID } from 'node:crypto';
import {
  ApiErrorSchema,
  CardChargeResponseSchema,
  CardPaymentIntentResponseSchema,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardCharges } from '../src/db/schema.ts';
import { createService, finishService } from './support/journey-service.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  markIntentDeclined,
  markIntentPaid,
  startStripeFixture,
  stripeError,
  type StripeFixture,
} from './fixture-servers/stripe.ts';
import { CONNECT_PR, HONDA_PR, MMM_PR } from './support/demo-accounts.ts';
import { stripeFixturePayments } from './support/stripe-payments.ts';
import { servicePaymentPurpose } from './support/service-request-payload.ts';

// POST /common/payments/intents and /intents/{id}/verify with PAYMENT_PROVIDER=stripe (decision
// 430), against a local server that speaks Stripe's REST format. The adapter's error mapping and
// logging are in payments-stripe-adapter.test.ts.

const SECRET_KEY = 'sk_test_fixtureSecret123';

let stripe: StripeFixture;
let t: TestApp;
let appKey: Record<string, string>;

beforeAll(async () => {
  stripe = await startStripeFixture();
  t = await createTestApp({ config: { payments: stripeFixturePayments(stripe.url, SECRET_KEY) } });
  appKey = { 'x-api-key': t.config.appKey };
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});
beforeEach(() => {
  stripe.requests.length = 0;
});

function intentBody(extra: Record<string, unknown> = {}) {
  return {
    serviceId: randomUUID(),
    purpose: servicePaymentPurpose(CONNECT_PR),
    email: 'ana@example.com',
    idempotencyKey: `intent-${randomUUID()}`,
    ...extra,
  };
}

function post(url: string, body?: unknown, headers: Record<string, string> = appKey) {
  return t.app.inject({
    method: 'POST',
    url: `/common/payments${url}`,
    headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

async function createIntent(body = intentBody(), headers = appKey) {
  const res = await post('/intents', body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return CardPaymentIntentResponseSchema.parse(res.json());
}

describe('POST /common/payments/intents', () => {
  it('creates the PaymentIntent with the amount the server computed, never the client one', async () => {
    const body = { ...intentBody(), amount: 1 };
    const answer = await createIntent(body);
    // Connect in Puerto Rico: flat tire 5500 + management fee 500, no tax (decision 257).
    expect(answer).toMatchObject({ amount: 6000, currency: 'usd' });
    expect(answer.clientSecret).toMatch(new RegExp(`^${answer.intentId}_secret_`));

    const [customer, intent] = stripe.requests;
    expect(customer).toMatchObject({ method: 'POST', url: '/v1/customers' });
    expect(customer?.form).toMatchObject({
      email: 'ana@example.com',
      'metadata[serviceId]': body.serviceId,
    });
    expect(intent).toMatchObject({ method: 'POST', url: '/v1/payment_intents' });
    expect(intent?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(intent?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(intent?.headers['idempotency-key']).toBe(body.idempotencyKey);
    expect(customer?.headers['idempotency-key']).toBe(`${body.idempotencyKey}-customer`);
    expect(intent?.form).toMatchObject({
      amount: '6000',
      currency: 'usd',
      customer: expect.stringMatching(/^cus_/) as unknown,
      receipt_email: 'ana@example.com',
      'metadata[serviceId]': body.serviceId,
      'metadata[purpose]': 'service',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    });
  });

  it('charges a surplus when the contract leaves one', async () => {
    const answer = await createIntent(
      intentBody({
        purpose: servicePaymentPurpose(CONNECT_PR, {
          customerContract: await contractOfPlate('ZZW218'),
          vehPlate: 'ZZW218',
        }),
      }),
    );
    // 5500 + 500 fee - 2000 covered (src/db/README.md).
    expect(answer.amount).toBe(4000);
  });

  it('charges a tip at the amount the customer chose, for the holder of the service token', async () => {
    // Honda in Puerto Rico charges no fee and takes tips.
    const service = await createService(t, HONDA_PR);
    const tipBody = () =>
      intentBody({ serviceId: service.id, purpose: { kind: 'tip', amount: 300, currency: 'usd' } });
    // Decision 478: no tip is charged before the service was performed, and Stripe is not asked.
    const early = await post('/intents', tipBody(), service.headers);
    expect(early.statusCode).toBe(409);
    expect(stripe.requests).toHaveLength(0);
    await finishService(t, service.id);
    const answer = await createIntent(
      intentBody({ serviceId: service.id, purpose: { kind: 'tip', amount: 300, currency: 'usd' } }),
      service.headers,
    );
    expect(answer).toMatchObject({ amount: 300, currency: 'usd' });
    expect(stripe.requests.at(-1)?.form).toMatchObject({
      amount: '300',
      'metadata[purpose]': 'tip',
    });
  });

  it('refuses a tip without the service token (401) or with another service’s (403)', async () => {
    const service = await createService(t, MMM_PR);
    const other = await createService(t, MMM_PR);
    const tip = intentBody({
      serviceId: service.id,
      purpose: { kind: 'tip', amount: 300, currency: 'usd' },
    });
    expect((await post('/intents', tip)).statusCode).toBe(401);
    expect((await post('/intents', tip, other.headers)).statusCode).toBe(403);
    expect(stripe.requests).toHaveLength(0);
  });

  it('answers the same PaymentIntent to a retry with the same idempotency key', async () => {
    const body = intentBody();
    const first = await createIntent(body);
    const again = await createIntent(body);
    expect(again.intentId).toBe(first.intentId);
    const keys = stripe.requests
      .filter((request) => request.url === '/v1/payment_intents')
      .map((request) => request.headers['idempotency-key']);
    expect(keys).toEqual([body.idempotencyKey, body.idempotencyKey]);
  });

  it('is a 409 when the service has nothing to pay, without calling Stripe', async () => {
    const res = await post(
      '/intents',
      intentBody({
        purpose: servicePaymentPurpose(MMM_PR),
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({ code: 'CONFLICT' });
    expect(stripe.requests).toHaveLength(0);
  });

  it('is a 402 PAYMENT_DECLINED when Stripe answers a card error', async () => {
    stripe.answerNext(
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'card_declined',
        message: 'Your card was declined.',
      }),
    );
    const res = await post('/intents', intentBody());
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_DECLINED' });
  });

  it.each([
    ['a rate limit', stripeError(429, { type: 'rate_limit_error', message: 'Too many requests' })],
    ['a server error', stripeError(500, { type: 'api_error', message: 'Something went wrong' })],
    ['a body that is not JSON', { status: 200, raw: '<html>gateway</html>' }],
  ])('is a 503 on %s', async (_case, answer) => {
    stripe.answerNext(answer);
    const res = await post('/intents', intentBody());
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
    expect(res.body).not.toContain(SECRET_KEY);
  });

  it.each([
    ['idempotencyKey', { idempotencyKey: 'x' }, 'body.idempotencyKey'],
    ['serviceId', { serviceId: 'a b' }, 'body.serviceId'],
    [
      'purpose',
      { purpose: { kind: 'tip', amount: 100_01, currency: 'usd' } },
      'body.purpose.amount',
    ],
  ])('is a 400 naming %s', async (_name, extra, field) => {
    const res = await post('/intents', intentBody(extra));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field });
    expect(stripe.requests).toHaveLength(0);
  });

  it('is a 401 without the app key or with a wrong one', async () => {
    expect((await post('/intents', intentBody(), {})).statusCode).toBe(401);
    expect((await post('/intents', intentBody(), { 'x-api-key': 'wrong' })).statusCode).toBe(401);
  });

  it('refuses typed card numbers: the sandbox endpoint is a 409 with Stripe configured', async () => {
    const res = await post('/charges', {
      amount: 4500,
      currency: 'usd',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', name: 'Ana' },
      idempotencyKey: `charge-${randomUUID()}`,
    });
    expect(res.statusCode).toBe(409);
    expect(stripe.requests).toHaveLength(0);
  });
});

describe('POST /common/payments/intents/{id}/verify', () => {
  it('records a succeeded PaymentIntent with the ids of SPEC 3 Payment', async () => {
    const { intentId } = await createIntent();
    markIntentPaid(stripe, intentId);
    stripe.requests.length = 0;

    const res = await post(`/intents/${intentId}/verify`);
    expect(res.statusCode, res.body).toBe(200);
    const paid = CardChargeResponseSchema.parse(res.json());
    expect(paid).toMatchObject({
      chargeId: `ch_${intentId.slice(3)}`,
      cardId: 'pm_fixture_card',
      customerId: expect.stringMatching(/^cus_/) as unknown,
      amount: 6000,
      currency: 'usd',
      brand: 'visa',
      last4: '4242',
    });
    expect(stripe.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: `/v1/payment_intents/${intentId}?expand[0]=latest_charge`,
      }),
    ]);
    expect(stripe.requests[0]?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);

    const again = await post(`/intents/${intentId}/verify`);
    expect(again.json()).toEqual(paid);
    const rows = await t.db.db
      .select()
      .from(cardCharges)
      .where(eq(cardCharges.idempotencyKey, intentId));
    expect(rows).toEqual([
      expect.objectContaining({ id: paid.chargeId, provider: 'stripe', status: 'succeeded' }),
    ]);
  });

  it('counts an authorised, not yet captured PaymentIntent as paid', async () => {
    const { intentId } = await createIntent();
    markIntentPaid(stripe, intentId, 'requires_capture');
    expect((await post(`/intents/${intentId}/verify`)).statusCode).toBe(200);
  });

  it('is a 409 while the PaymentIntent is not confirmed', async () => {
    const { intentId } = await createIntent();
    const res = await post(`/intents/${intentId}/verify`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', field: 'intentId' });
  });

  it('is a 402 PAYMENT_DECLINED after a declined attempt, and stores nothing', async () => {
    const { intentId } = await createIntent();
    markIntentDeclined(stripe, intentId, 'insufficient_funds');
    const res = await post(`/intents/${intentId}/verify`);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_DECLINED' });
    const rows = await t.db.db
      .select()
      .from(cardCharges)
      .where(eq(cardCharges.idempotencyKey, intentId));
    expect(rows).toHaveLength(0);
  });

  it('is a 404 for a paid PaymentIntent that this API did not create', async () => {
    const { intentId } = await createIntent();
    const intent = markIntentPaid(stripe, intentId);
    intent.metadata = {};
    const res = await post(`/intents/${intentId}/verify`);
    expect(res.statusCode).toBe(404);
    const rows = await t.db.db
      .select()
      .from(cardCharges)
      .where(eq(cardCharges.idempotencyKey, intentId));
    expect(rows).toHaveLength(0);
  });

  it('is a 404 for a PaymentIntent Stripe does not know', async () => {
    const res = await post('/intents/pi_unknown000/verify');
    expect(res.statusCode).toBe(404);
  });

  it('is a 400 naming intentId for something that is not a PaymentIntent id', async () => {
    const res = await post('/intents/ch_123/verify');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'params.intentId' });
  });
});

async function contractOfPlate(plate: string): Promise<string> {
  const { contracts, vehicles } = await import('../src/db/schema.ts');
  const [row] = await t.db.db
    .select({ id: contracts.id })
    .from(vehicles)
    .innerJoin(contracts, eq(contracts.id, vehicles.contractId))
    .where(eq(vehicles.plate, plate));
  if (!row) throw new Error(`no demo contract for ${plate}`);
  return row.id;
}
