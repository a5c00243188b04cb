import { randomUUID } from 'node:crypto';
import {
  ApiErrorSchema,
  CardChargeResponseSchema,
  CardPaymentIntentResponseSchema,
  MobilePaymentSchema,
  ServiceRequestResponseSchema,
  TipResponseSchema,
  type ServiceRequestPayloadInput,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config/env.ts';
import { idempotencyRecords, paymentClaims, services, tips } from '../src/db/schema.ts';
import {
  confirmInApp,
  startAthMovilFixture,
  type AthMovilFixture,
} from './fixture-servers/athmovil.ts';
import {
  markIntentPaid,
  startStripeFixture,
  type StripeFixture,
} from './fixture-servers/stripe.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import { createService, finishService, type CreatedService } from './support/journey-service.ts';
import { sandboxCharge } from './support/sandbox-payment.ts';
import { servicePayload, servicePaymentPurpose } from './support/service-request-payload.ts';
import { CONNECT_CR, CONNECT_PR, MMM_PR } from './support/demo-accounts.ts';
import { stripeFixturePayments } from './support/stripe-payments.ts';

// Decision 434: a payment reference is checked with the provider that took it (the sandbox keeps
// its own records; Stripe and ATH Móvil are local fixture servers speaking their formats):
// completed, the amount and currency our rules compute, for this service, used once. A failed check
// is a 402 or 409 with the field, and nothing is created. Decision 478: only a performed service is
// tipped.

/** Connect in Puerto Rico charges its fee: flat tire 5,500 + management 500, IVU 0 in the demo. */
const FLAT_TIRE_TOTAL = 6000;

function post(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-api-key': t.config.appKey, ...headers },
    payload: payload as Record<string, unknown>,
  });
}

function create(t: TestApp, payload: ServiceRequestPayloadInput) {
  return post(t, '/common/api/v1/service-requests', payload);
}

async function rowsOf(t: TestApp, serviceId: string) {
  return {
    services: await t.db.db.select().from(services).where(eq(services.id, serviceId)),
    records: await t.db.db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, `service-request:${serviceId}`)),
  };
}

function expectRefused(
  res: Awaited<ReturnType<typeof create>>,
  status: number,
  code: string,
  field: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(ApiErrorSchema.parse(res.json())).toMatchObject({ code, field });
}

describe('service payments with the embedded sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a made-up charge id is refused (409 PAYMENT_INVALID) and nothing is created', async () => {
    const body = servicePayload(CONNECT_PR, { paymentMethod: 'card', chargeIdStripe: 'ch_fake' });
    expectRefused(await create(t, body), 409, 'PAYMENT_INVALID', 'body.chargeIdStripe');
    expect(await rowsOf(t, body.serviceId)).toEqual({ services: [], records: [] });
  });

  it('no payment, or cash, while a fee is due is a 402 PAYMENT_REQUIRED', async () => {
    const none = servicePayload(CONNECT_PR);
    expectRefused(await create(t, none), 402, 'PAYMENT_REQUIRED', 'body.paymentMethod');
    const cash = servicePayload(CONNECT_PR, { paymentMethod: 'cash' });
    expectRefused(await create(t, cash), 402, 'PAYMENT_REQUIRED', 'body.paymentMethod');
    const noReference = servicePayload(CONNECT_PR, { paymentMethod: 'card' });
    expectRefused(await create(t, noReference), 402, 'PAYMENT_REQUIRED', 'body.chargeIdStripe');
    expect((await rowsOf(t, none.serviceId)).services).toEqual([]);
  });

  it('a real charge of another amount or currency is refused', async () => {
    for (const [amount, currency] of [
      [FLAT_TIRE_TOTAL - 1, 'usd'],
      [FLAT_TIRE_TOTAL, 'crc'],
    ] as const) {
      const chargeId = await sandboxCharge(t, amount, currency);
      const body = servicePayload(CONNECT_PR, { paymentMethod: 'card', chargeIdStripe: chargeId });
      expectRefused(await create(t, body), 409, 'PAYMENT_INVALID', 'body.chargeIdStripe');
      expect((await rowsOf(t, body.serviceId)).services).toEqual([]);
    }
  });

  it('the right charge creates the service once; it cannot pay a second service', async () => {
    const chargeId = await sandboxCharge(t, FLAT_TIRE_TOTAL, 'usd');
    const body = servicePayload(CONNECT_PR, {
      paymentMethod: 'card',
      chargeIdStripe: chargeId,
      customerIdStripe: 'cus_claimed_by_client',
    });
    const first = await create(t, body);
    expect(first.statusCode, first.body).toBe(201);
    const [row] = (await rowsOf(t, body.serviceId)).services;
    expect(row?.paymentMethod).toBe('card');
    // The references stored are the provider's, never the client's.
    expect(row?.paymentReferences).toMatchObject({ chargeIdStripe: chargeId });
    expect(row?.paymentReferences?.customerIdStripe).not.toBe('cus_claimed_by_client');
    // A retry of the same request answers the same service and token.
    const retry = await create(t, body);
    expect(retry.statusCode).toBe(201);
    expect(ServiceRequestResponseSchema.parse(retry.json()).token).toBe(
      ServiceRequestResponseSchema.parse(first.json()).token,
    );

    const second = servicePayload(CONNECT_PR, { paymentMethod: 'card', chargeIdStripe: chargeId });
    expectRefused(await create(t, second), 409, 'PAYMENT_INVALID', 'body.chargeIdStripe');
    expect(await rowsOf(t, second.serviceId)).toEqual({ services: [], records: [] });
    const claims = await t.db.db
      .select()
      .from(paymentClaims)
      .where(eq(paymentClaims.reference, `card:sandbox:${chargeId}`));
    expect(claims.map((claim) => claim.serviceId)).toEqual([body.serviceId]);
  });

  it('parallel requests of two services with one charge create one service', async () => {
    const chargeId = await sandboxCharge(t, FLAT_TIRE_TOTAL, 'usd');
    const bodies = Array.from({ length: 6 }, () =>
      servicePayload(CONNECT_PR, { paymentMethod: 'card', chargeIdStripe: chargeId }),
    );
    const answers = await Promise.all(bodies.map((body) => create(t, body)));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(5);
  });

  it("the service's currency is its branch's, whatever the request says (SPEC 9)", async () => {
    const service = await createService(t, CONNECT_CR, { currency: 'usd' });
    const [row] = await t.db.db.select().from(services).where(eq(services.id, service.id));
    expect(row?.currency).toBe('crc');
  });

  it('a free request keeps no payment reference at all', async () => {
    const body = servicePayload(MMM_PR, { paymentMethod: 'card', chargeIdStripe: 'ch_anything' });
    expect((await create(t, body)).statusCode).toBe(201);
    const [row] = (await rowsOf(t, body.serviceId)).services;
    expect(row?.paymentMethod).toBeNull();
    expect(row?.paymentReferences?.chargeIdStripe).toBeNull();
  });
});

describe('tips (decisions 434, 478)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const tip = (service: CreatedService, chargeIdStripe: string | null, amount = 300) =>
    post(
      t,
      '/common/tips',
      {
        serviceId: service.id,
        amount,
        currency: 'usd',
        paymentMethod: 'card',
        cardIdStripe: null,
        chargeIdStripe,
        customerIdStripe: null,
      },
      service.headers,
    );
  const tipsOf = (service: CreatedService) =>
    t.db.db.select().from(tips).where(eq(tips.serviceId, service.id));

  it('a tip or a survey on a service not finished yet is a 409 and nothing is stored', async () => {
    const service = await createService(t, CONNECT_PR);
    const chargeId = await sandboxCharge(t, 300, 'usd');
    const res = await tip(service, chargeId);
    expect(res.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('CONFLICT');
    expect(await tipsOf(service)).toEqual([]);
    const survey = await post(
      t,
      '/common/surveys',
      { answers: { provider: 5 }, comments: '', serviceId: service.id },
      service.headers,
    );
    expect(survey.statusCode).toBe(409);
  });

  it('a made-up, mismatched or already used charge is refused; a right one is charged', async () => {
    const service = await createService(t, CONNECT_PR);
    await finishService(t, service.id);
    const made = await tip(service, 'ch_made_up');
    expect(made.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(made.json())).toMatchObject({
      code: 'PAYMENT_INVALID',
      field: 'body.chargeIdStripe',
    });
    expect((await tip(service, await sandboxCharge(t, 500, 'usd'))).statusCode).toBe(409);
    // The charge that paid another service's request.
    const other = await createService(t, CONNECT_PR);
    const [otherRow] = await t.db.db.select().from(services).where(eq(services.id, other.id));
    const used = otherRow?.paymentReferences?.chargeIdStripe ?? '';
    expect((await tip(service, used, FLAT_TIRE_TOTAL)).statusCode).toBe(409);
    expect(await tipsOf(service)).toEqual([]);

    const chargeId = await sandboxCharge(t, 300, 'usd');
    const paid = await tip(service, chargeId);
    expect(paid.statusCode, paid.body).toBe(200);
    TipResponseSchema.parse(paid.json());
    expect(await tipsOf(service)).toMatchObject([{ status: 'charged', chargeIdStripe: chargeId }]);
  });
});

describe('Stripe payments checked with Stripe (fixture server)', () => {
  let t: TestApp;
  let stripe: StripeFixture;
  beforeAll(async () => {
    stripe = await startStripeFixture();
    t = await createTestApp({
      config: { payments: stripeFixturePayments(stripe.url, 'sk_test_fixtureSecret123') },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** A PaymentIntent for `serviceId`, confirmed by the card, verified by the API: its charge id. */
  async function paidIntent(serviceId: string): Promise<string> {
    const created = await post(t, '/common/payments/intents', {
      serviceId,
      purpose: servicePaymentPurpose(CONNECT_PR),
      idempotencyKey: `intent-${randomUUID()}`,
    });
    const { intentId } = CardPaymentIntentResponseSchema.parse(created.json());
    markIntentPaid(stripe, intentId);
    const verified = await post(t, `/common/payments/intents/${intentId}/verify`, {});
    return CardChargeResponseSchema.parse(verified.json()).chargeId;
  }

  it('a PaymentIntent Stripe confirms for this service creates it', async () => {
    const body = servicePayload(CONNECT_PR, { paymentMethod: 'card' });
    const chargeId = await paidIntent(body.serviceId);
    stripe.requests.length = 0;
    const res = await create(t, { ...body, chargeIdStripe: chargeId });
    expect(res.statusCode, res.body).toBe(201);
    // Asked again at creation: the PaymentIntent was read back from Stripe.
    expect(stripe.requests.some((request) => request.url.startsWith('/v1/payment_intents/'))).toBe(
      true,
    );
  });

  it("another service's PaymentIntent, or one Stripe no longer counts as paid, is refused", async () => {
    const someoneElse = await paidIntent(randomUUID());
    const body = servicePayload(CONNECT_PR, { paymentMethod: 'card', chargeIdStripe: someoneElse });
    expectRefused(await create(t, body), 409, 'PAYMENT_INVALID', 'body.chargeIdStripe');

    const later = servicePayload(CONNECT_PR, { paymentMethod: 'card' });
    const chargeId = await paidIntent(later.serviceId);
    // The payment was refunded at Stripe after the app recorded it.
    const intent = [...stripe.intents.values()].at(-1);
    if (intent) Object.assign(intent, { status: 'canceled' });
    const res = await create(t, { ...later, chargeIdStripe: chargeId });
    expectRefused(res, 409, 'PAYMENT_INVALID', 'body.chargeIdStripe');
    expect((await rowsOf(t, later.serviceId)).services).toEqual([]);
  });

  it('a sandbox-style charge id is not a Stripe payment', async () => {
    const body = servicePayload(CONNECT_PR, {
      paymentMethod: 'card',
      chargeIdStripe: 'ch_sandbox_x',
    });
    expectRefused(await create(t, body), 409, 'PAYMENT_INVALID', 'body.chargeIdStripe');
  });
});

describe('ATH Móvil payments checked with ATH Móvil (fixture server)', () => {
  let t: TestApp;
  let ath: AthMovilFixture;
  beforeAll(async () => {
    ath = await startAthMovilFixture({ publicToken: 'pub-fixture', privateToken: 'priv-fixture' });
    const base = testConfig().payments;
    const payments: Config['payments'] = {
      card: base.card,
      mobile: {
        provider: 'athmovil',
        publicToken: 'pub-fixture',
        privateToken: 'priv-fixture',
        apiBase: ath.url,
      },
    };
    t = await createTestApp({ config: { payments } });
  });
  afterAll(async () => {
    await t.close();
    await ath.close();
  });

  const start = async (serviceId: string, situation = 'flatTire') => {
    const res = await post(t, '/common/payments/mobile', {
      serviceId,
      purpose: servicePaymentPurpose(CONNECT_PR, { situation }),
      phoneNumber: '7875550100',
      idempotencyKey: `mobile-${randomUUID()}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return MobilePaymentSchema.parse(res.json());
  };
  const complete = (paymentId: string) =>
    post(t, `/common/payments/mobile/${paymentId}/complete`, {});

  it('an approved, completed payment of the total creates the service', async () => {
    const body = servicePayload(CONNECT_PR, { paymentMethod: 'ath_movil' });
    const payment = await start(body.serviceId);
    expect(payment).toMatchObject({ status: 'open', amount: FLAT_TIRE_TOTAL, currency: 'usd' });
    // The customer has not approved it in the app yet.
    expect((await complete(payment.paymentId)).statusCode).toBe(409);
    const early = await create(t, { ...body, chargeIdStripe: payment.paymentId });
    expectRefused(early, 409, 'PAYMENT_INVALID', 'body.chargeIdStripe');

    confirmInApp(ath, payment.paymentId);
    const completed = MobilePaymentSchema.parse((await complete(payment.paymentId)).json());
    expect(completed.status).toBe('completed');
    expect(completed.referenceNumber).toEqual(expect.any(String));
    const res = await create(t, { ...body, chargeIdStripe: payment.paymentId });
    expect(res.statusCode, res.body).toBe(201);
    const findCalls = ath.requests.filter((r) => r.path.endsWith('/business/findPayment'));
    expect(findCalls.at(-1)?.body).toMatchObject({ ecommerceId: payment.paymentId });
  });

  it('a payment for another service or another amount is refused', async () => {
    const other = await start(randomUUID());
    confirmInApp(ath, other.paymentId);
    await complete(other.paymentId);
    const body = servicePayload(CONNECT_PR, {
      paymentMethod: 'ath_movil',
      chargeIdStripe: other.paymentId,
    });
    expectRefused(await create(t, body), 409, 'PAYMENT_INVALID', 'body.chargeIdStripe');

    const tow = servicePayload(CONNECT_PR, {
      paymentMethod: 'ath_movil',
      situation: 'towBreakdown',
    });
    // Paid as a flat tire; the tow costs more.
    const cheaper = await start(tow.serviceId, 'flatTire');
    confirmInApp(ath, cheaper.paymentId);
    await complete(cheaper.paymentId);
    const res = await create(t, { ...tow, chargeIdStripe: cheaper.paymentId });
    expectRefused(res, 409, 'PAYMENT_INVALID', 'body.chargeIdStripe');
  });

  it('a made-up payment id is refused without a service', async () => {
    const body = servicePayload(CONNECT_PR, {
      paymentMethod: 'ath_movil',
      chargeIdStripe: randomUUID(),
    });
    expectRefused(await create(t, body), 409, 'PAYMENT_INVALID', 'body.chargeIdStripe');
    expect((await rowsOf(t, body.serviceId)).services).toEqual([]);
  });
});
