import { ApiErrorSchema, CardChargeResponseSchema } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardCharges } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// POST /common/payments/charges: the sandbox card provider (decisions 290-292). Each outcome is read
// back from the database, which must hold no card number.

let t: TestApp;
let appKey: Record<string, string>;
let keySeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  appKey = { 'x-api-key': t.config.appKey };
});
afterAll(async () => {
  await t.close();
});

const nextYear = new Date().getUTCFullYear() + 1;

function chargeBody(
  card: Partial<Record<string, unknown>> = {},
  extra: Record<string, unknown> = {},
) {
  keySeq += 1;
  return {
    amount: 4500,
    currency: 'usd',
    card: {
      number: '4242424242424242',
      expMonth: 12,
      expYear: nextYear,
      cvc: '123',
      name: 'Ana Rivera',
      ...card,
    },
    email: 'ana@example.com',
    idempotencyKey: `pay-test-${String(keySeq).padStart(4, '0')}-${Date.now()}`,
    ...extra,
  };
}

function charge(body: unknown, headers: Record<string, string> = appKey) {
  return t.app.inject({
    method: 'POST',
    url: '/common/payments/charges',
    headers,
    payload: body as Record<string, unknown>,
  });
}

async function storedRows(idempotencyKey: string) {
  return t.db.db.select().from(cardCharges).where(eq(cardCharges.idempotencyKey, idempotencyKey));
}

describe('POST /common/payments/charges', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['4000056655665556', 'visa'],
    ['378282246310005', 'amex'],
  ])('charges the test card %s', async (number, brand) => {
    const body = chargeBody({ number, cvc: brand === 'amex' ? '1234' : '123' });
    const res = await charge(body);
    expect(res.statusCode).toBe(200);
    const answer = CardChargeResponseSchema.parse(res.json());
    expect(answer).toMatchObject({
      status: 'succeeded',
      brand,
      last4: number.slice(-4),
      amount: 4500,
    });
    expect(answer.chargeId).toMatch(/^ch_sandbox_/);

    const rows = await storedRows(body.idempotencyKey);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: answer.chargeId,
      status: 'succeeded',
      cardLast4: number.slice(-4),
      cardBrand: brand,
      amountCents: 4500,
    });
    // No card number or CVC anywhere in the stored row.
    expect(JSON.stringify(rows[0])).not.toContain(number);
  });

  it.each([
    ['4000000000000002', 'declined'],
    ['4000000000009995', 'insufficient funds'],
    ['4000000000000069', 'expired'],
  ])('declines the test card %s (%s) with 402', async (number, words) => {
    const body = chargeBody({ number });
    const res = await charge(body);
    expect(res.statusCode).toBe(402);
    const error = ApiErrorSchema.parse(res.json());
    expect(error).toMatchObject({ code: 'PAYMENT_DECLINED', field: 'body.card.number' });
    expect(error.message.toLowerCase()).toContain(words);
    const rows = await storedRows(body.idempotencyKey);
    expect(rows.map((row) => row.status)).toEqual(['declined']);
  });

  it.each([
    ['a number failing Luhn', { number: '4242424242424241' }, 'body.card.number'],
    ['a past expiry', { expMonth: 1, expYear: 2020 }, 'body.card.expiry'],
    ['a short CVC', { cvc: '12' }, 'body.card.cvc'],
    ['a 3-digit CVC on amex', { number: '378282246310005', cvc: '123' }, 'body.card.cvc'],
    ['a blank name', { name: '  ' }, 'body.card.name'],
  ])('answers 400 for %s, naming %s, and stores nothing', async (_label, card, field) => {
    const body = chargeBody(card);
    const res = await charge(body);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({ code: 'BAD_REQUEST', field });
    expect(await storedRows(body.idempotencyKey)).toHaveLength(0);
  });

  it('answers 400 for a zero amount and an unknown currency', async () => {
    expect((await charge(chargeBody({}, { amount: 0 }))).json()).toMatchObject({
      field: 'body.amount',
    });
    expect((await charge(chargeBody({}, { currency: 'eur' }))).json()).toMatchObject({
      field: 'body.currency',
    });
  });

  it('needs the app key', async () => {
    expect((await charge(chargeBody(), {})).statusCode).toBe(401);
  });

  it('answers a retry with the same key with the same charge, stored once', async () => {
    const body = chargeBody();
    const [first, second] = await Promise.all([charge(body), charge(body)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const third = await charge(body);
    expect(third.json()).toEqual(first.json());
    expect(await storedRows(body.idempotencyKey)).toHaveLength(1);
  });

  it('answers a retried decline with the same decline', async () => {
    const body = chargeBody({ number: '4000000000000002' });
    expect((await charge(body)).statusCode).toBe(402);
    expect((await charge(body)).statusCode).toBe(402);
    expect(await storedRows(body.idempotencyKey)).toHaveLength(1);
  });

  it('refuses the same key with another amount (409)', async () => {
    const body = chargeBody();
    expect((await charge(body)).statusCode).toBe(200);
    const res = await charge({ ...body, amount: 9900 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', field: 'body.idempotencyKey' });
    const rows = await storedRows(body.idempotencyKey);
    expect(rows.map((row) => row.amountCents)).toEqual([4500]);
  });
});

describe('PaymentIntents without Stripe (decision 430)', () => {
  it('answers 409 naming the provider: the sandbox takes typed test cards instead', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/common/payments/intents',
      headers: appKey,
      payload: {
        serviceId: 'service-sandbox-1',
        purpose: { kind: 'tip', amount: 300, currency: 'usd' },
        idempotencyKey: 'intent-sandbox-1',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', field: 'provider' });
    const verify = await t.app.inject({
      method: 'POST',
      url: '/common/payments/intents/pi_123/verify',
      headers: appKey,
    });
    expect(verify.statusCode).toBe(409);
  });
});
