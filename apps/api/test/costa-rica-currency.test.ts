import { ApiErrorSchema, ServiceSchema, TipResponseSchema, type TipRequest } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tips } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  createService,
  finishService,
  serviceRow,
  type CreatedService,
} from './support/journey-service.ts';
import { sandboxCharge } from './support/sandbox-payment.ts';
import { CONNECT_CR } from './support/demo-accounts.ts';

// SPEC 9 "Currency symbol is colon for Costa Rica, else dollar; currencies usd, crc"; SPEC 3
// "currency (usd)" on the wire; decision 655: the server derives a service's currency from its
// branch, and its price, receipt and tip follow it.

// The connect member account in Costa Rica prices a flat tire in colones (seed `localCents`):
// fee ₡28,100 + management fee ₡2,600, plus SPEC 9's 13% tax.
const CR_FLAT_TIRE = { subtotal: 3_070_000, tax: 399_100, total: 3_469_100 };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function postTip(service: CreatedService, body: TipRequest) {
  return t.app.inject({
    method: 'POST',
    url: '/common/tips',
    headers: service.headers,
    payload: body,
  });
}

function tipBody(service: CreatedService, change: Partial<TipRequest> = {}): TipRequest {
  return {
    serviceId: service.id,
    // ₡1,500: the colón default tip (decision 655).
    amount: 150_000,
    currency: 'crc',
    paymentMethod: 'cash',
    cardIdStripe: null,
    chargeIdStripe: null,
    customerIdStripe: null,
    ...change,
  };
}

const tipsOf = (serviceId: string) =>
  t.db.db.select().from(tips).where(eq(tips.serviceId, serviceId));

describe('a Costa Rica service (decision 655)', () => {
  it('sent with the wire currency usd (SPEC 3), is priced, charged and read in colones', async () => {
    const service = await createService(t, CONNECT_CR, { currency: 'usd' });
    const row = await serviceRow(t, service.id);
    expect(row).toMatchObject({
      branch: 'CR',
      currency: 'crc',
      taxRate: 0.13,
      payments: CR_FLAT_TIRE,
    });

    // SPEC 7 GET /services/{id}: the receipt's amounts (SPEC 3 "subtotal, taxes, total").
    const read = await t.app.inject({
      method: 'GET',
      url: `/common/services/${service.id}`,
      headers: service.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(ServiceSchema.parse(read.json())).toMatchObject({
      branch: 'CR',
      payments: CR_FLAT_TIRE,
    });
  });

  it('takes a tip in colones by card and stores it in crc', async () => {
    const service = await createService(t, CONNECT_CR);
    await finishService(t, service.id);
    const chargeId = await sandboxCharge(t, 150_000, 'crc');
    const body = tipBody(service, { paymentMethod: 'card', chargeIdStripe: chargeId });
    const res = await postTip(service, body);
    expect(res.statusCode).toBe(200);
    expect(TipResponseSchema.parse(res.json())).toMatchObject({ amount: 150_000 });
    expect(await tipsOf(service.id)).toEqual([
      expect.objectContaining({
        amountCents: 150_000,
        currency: 'crc',
        paymentType: 'card',
        status: 'charged',
      }),
    ]);
  });

  it('takes the largest colón tip (₡50,000) in cash', async () => {
    const service = await createService(t, CONNECT_CR);
    await finishService(t, service.id);
    const res = await postTip(service, tipBody(service, { amount: 5_000_000 }));
    expect(res.statusCode).toBe(200);
    expect(await tipsOf(service.id)).toEqual([
      expect.objectContaining({ amountCents: 5_000_000, currency: 'crc', status: 'pending' }),
    ]);
  });

  it.each([
    [
      'a tip in dollars',
      { currency: 'usd' as const, amount: 300 },
      'body.currency',
      /branch CR is given in crc, not in usd/,
    ],
    [
      'a colón tip above ₡50,000',
      { amount: 5_000_001 },
      'body.amount',
      /Too big for a tip in this currency/,
    ],
  ])(
    'refuses %s with a 400 naming the field, storing nothing',
    async (_case, change, field, message) => {
      const service = await createService(t, CONNECT_CR);
      await finishService(t, service.id);
      const res = await postTip(service, tipBody(service, change));
      expect(res.statusCode).toBe(400);
      const error = ApiErrorSchema.parse(res.json());
      expect(error).toMatchObject({ code: 'BAD_REQUEST', field });
      expect(error.message).toMatch(message);
      expect(await tipsOf(service.id)).toEqual([]);
    },
  );
});
