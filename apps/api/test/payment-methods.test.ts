import { randomUUID } from 'node:crypto';
import {
  AccountSchema,
  ApiErrorSchema,
  MobilePaymentSchema,
  RuntimeConfigSchema,
  type ServiceRequestPayloadInput,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mobilePayments, paymentClaims, services } from '../src/db/schema.ts';
import { demoAccountId } from '../src/db/seed/index.ts';
import { paymentAmount } from '../src/services/payments/payment-amount.ts';
import { SANDBOX_MOBILE_CANCEL_PHONE } from '../src/services/payments/sandbox-mobile-gateway.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';
import { servicePayload, servicePaymentPurpose } from './support/service-request-payload.ts';

// Decision 665: how a service is paid on /payment. ATH Móvil (its embedded sandbox by default) for
// Puerto Rico services only, cash only for an account that allows it; a declined ATH Móvil payment
// creates no service and no claim.

/** The connect Visitor of Puerto Rico: card, ATH Móvil and cash (the seed's cash accounts). */
const CONNECT_PR_VISITOR = demoAccountId('connect', 'PR', 'visitor');
const CONNECT_PA = demoAccountId('connect', 'PA', 'member');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function post(url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-api-key': t.config.appKey },
    payload: payload as Record<string, unknown>,
  });
}

const create = (payload: ServiceRequestPayloadInput) =>
  post('/common/api/v1/service-requests', payload);

function startAthMovil(serviceId: string, accountId: string, phoneNumber: string) {
  return post('/common/payments/mobile', {
    serviceId,
    purpose: servicePaymentPurpose(accountId),
    phoneNumber,
    idempotencyKey: `mobile-${randomUUID()}`,
  });
}

const complete = (paymentId: string) => post(`/common/payments/mobile/${paymentId}/complete`, {});

/** What the server charges for `servicePayload(accountId)` (a flat tire), tax included. */
async function totalDue(accountId: string) {
  const due = await paymentAmount(
    t.app.repositories,
    servicePaymentPurpose(accountId) as Parameters<typeof paymentAmount>[1],
    new Date(),
  );
  return due.totalCents;
}

async function rowsOf(serviceId: string) {
  return {
    services: await t.db.db.select().from(services).where(eq(services.id, serviceId)),
    claims: await t.db.db
      .select()
      .from(paymentClaims)
      .where(eq(paymentClaims.serviceId, serviceId)),
    payments: await t.db.db
      .select()
      .from(mobilePayments)
      .where(eq(mobilePayments.serviceId, serviceId)),
  };
}

function expectError(
  res: Awaited<ReturnType<typeof post>>,
  status: number,
  code: string,
  field?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(ApiErrorSchema.parse(res.json())).toMatchObject({ code, ...(field ? { field } : {}) });
}

describe('ATH Móvil with the embedded sandbox (decisions 433, 665)', () => {
  it('a Puerto Rico service paid with ATH Móvil is stored as ath_movil with its checked payment', async () => {
    const body = servicePayload(CONNECT_PR, { paymentMethod: 'ath_movil' });
    const started = await startAthMovil(body.serviceId, CONNECT_PR, '7875550100');
    expect(started.statusCode, started.body).toBe(200);
    const payment = MobilePaymentSchema.parse(started.json());
    // The server prices it: the amount is never the client's.
    expect(payment).toMatchObject({
      status: 'open',
      amount: await totalDue(CONNECT_PR),
      currency: 'usd',
    });

    const completed = await complete(payment.paymentId);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(MobilePaymentSchema.parse(completed.json())).toMatchObject({
      status: 'completed',
      referenceNumber: expect.stringMatching(/^sandbox-/) as unknown,
    });

    const res = await create({ ...body, chargeIdStripe: payment.paymentId });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await rowsOf(body.serviceId);
    expect(rows.services[0]).toMatchObject({
      paymentMethod: 'ath_movil',
      paymentReferences: { chargeIdStripe: payment.paymentId, cardIdStripe: null },
    });
    expect(rows.claims).toMatchObject([
      { reference: `mobile:sandbox:${payment.paymentId}`, amountCents: payment.amount },
    ]);
    expect(rows.payments).toMatchObject([{ status: 'completed' }]);
  });

  it('a payment declined in ATH Móvil is a 402, and the request naming it creates nothing', async () => {
    const body = servicePayload(CONNECT_PR, { paymentMethod: 'ath_movil' });
    const started = await startAthMovil(body.serviceId, CONNECT_PR, SANDBOX_MOBILE_CANCEL_PHONE);
    const payment = MobilePaymentSchema.parse(started.json());

    expectError(await complete(payment.paymentId), 402, 'PAYMENT_DECLINED');
    const res = await create({ ...body, chargeIdStripe: payment.paymentId });
    expectError(res, 409, 'PAYMENT_INVALID', 'body.chargeIdStripe');

    const rows = await rowsOf(body.serviceId);
    expect(rows.services).toEqual([]);
    expect(rows.claims).toEqual([]);
    // The attempt is kept as the provider left it: cancelled, without a reference.
    expect(rows.payments).toMatchObject([{ status: 'cancelled', referenceNumber: null }]);
  });

  it('outside Puerto Rico ATH Móvil is not started, and a request naming it is refused', async () => {
    const body = servicePayload(CONNECT_PA, { paymentMethod: 'ath_movil' });
    const started = await startAthMovil(body.serviceId, CONNECT_PA, '5075550100');
    expectError(started, 409, 'CONFLICT', 'body.purpose');
    const res = await create({ ...body, chargeIdStripe: randomUUID() });
    expectError(res, 402, 'PAYMENT_REQUIRED', 'body.paymentMethod');
    expect(await rowsOf(body.serviceId)).toEqual({ services: [], claims: [], payments: [] });
  });
});

describe('cash where the account allows it (decision 665)', () => {
  it('an account that allows cash creates the service as cash, with no payment reference', async () => {
    const body = servicePayload(CONNECT_PR_VISITOR, {
      paymentMethod: 'cash',
      // A reference sent with cash is not the provider's: it is never stored.
      chargeIdStripe: 'ch_made_up',
    });
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await rowsOf(body.serviceId);
    const due = await totalDue(CONNECT_PR_VISITOR);
    expect(due).toBeGreaterThan(0);
    expect(rows.services[0]).toMatchObject({
      paymentMethod: 'cash',
      paymentReferences: { chargeIdStripe: null, customerIdStripe: null, cardIdStripe: null },
      payments: { total: due },
    });
    expect(rows.claims).toEqual([]);
  });

  it('an account that does not allow cash still refuses it (402)', async () => {
    const body = servicePayload(CONNECT_PR, { paymentMethod: 'cash' });
    expectError(await create(body), 402, 'PAYMENT_REQUIRED', 'body.paymentMethod');
    expect((await rowsOf(body.serviceId)).services).toEqual([]);
  });

  it("the account says whether it takes cash; the PWA's config names the ATH Móvil sandbox", async () => {
    const accountOf = async (id: string) =>
      AccountSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/common/accounts/${id}`,
            headers: { 'x-api-key': t.config.appKey },
          })
        ).json(),
      );
    expect((await accountOf(CONNECT_PR_VISITOR)).config.cashPaymentAllowed).toBe(true);
    expect((await accountOf(CONNECT_PR)).config.cashPaymentAllowed).toBe(false);

    const config = await t.app.inject({ method: 'GET', url: '/app-config.json?brand=connect' });
    expect(RuntimeConfigSchema.parse(config.json()).mobilePayments).toEqual({
      provider: 'sandbox',
    });
  });
});
