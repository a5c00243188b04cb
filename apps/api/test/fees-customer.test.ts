import { ApiErrorSchema, CustomerFeeResponseSchema, feeBreakdown } from '@auxilio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { seededAccount } from './support/limit-check.ts';
import { CONNECT_CR, CONNECT_PR } from './support/demo-accounts.ts';

// SPEC 7 GET /fees/customer ("returns a number in data.data"), SPEC 9 fees; decision 251.

let t: TestApp;
let appKey: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  appKey = { 'x-api-key': t.config.appKey };
});
afterAll(async () => {
  await t.close();
});

function fee(query: Record<string, string>, headers = appKey) {
  return t.app.inject({ method: 'GET', url: '/common/fees/customer', headers, query });
}

describe('GET /common/fees/customer', () => {
  it.each([
    ['PR', CONNECT_PR, 'flatTire'],
    ['PR', CONNECT_PR, 'towBreakdown'],
    ['CR', CONNECT_CR, 'jumpStart'],
  ])(
    'answers the %s account fee plus management fee in data',
    async (branch, accountId, situation) => {
      const account = await seededAccount(t, accountId);
      const res = await fee({ branch, situation, distance: '12.5', accountId });
      expect(res.statusCode).toBe(200);
      const { data } = CustomerFeeResponseSchema.parse(res.json());
      const expected =
        (account.serviceFees[situation as 'flatTire'] ?? Number.NaN) + account.managementFee;
      expect(data).toBe(expected);
      // SPEC 9: the total adds tax on the fee; Puerto Rico's receipt rate is 0.
      const total = feeBreakdown({ feeCents: data, taxRate: account.tax.rate }).totalCents;
      expect(total).toBe(data + Math.round(data * account.tax.rate));
    },
  );

  it('answers a flat tire on connect PR as 6000 cents (5500 + 500)', async () => {
    const res = await fee({ branch: 'PR', situation: 'flatTire', accountId: CONNECT_PR });
    expect(res.json()).toEqual({ data: 6000 });
  });

  it.each([
    [{ branch: 'PR', situation: 'flatTire' }, 'querystring.accountId'],
    [{ branch: 'PR', situation: 'spaceTravel', accountId: CONNECT_PR }, 'querystring.situation'],
    [
      { branch: 'PR', situation: 'flatTire', accountId: CONNECT_PR, distance: '-1' },
      'querystring.distance',
    ],
    [{ branch: 'CR', situation: 'flatTire', accountId: CONNECT_PR }, 'querystring.branch'],
  ])('answers 400 with the field for %j', async (query, field) => {
    const res = await fee(query);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe(field);
  });

  it('answers 404 for an unknown account and 401 without the app key', async () => {
    const query = { branch: 'PR', situation: 'flatTire', accountId: 'ffffffffffffffffffffffff' };
    expect((await fee(query)).statusCode).toBe(404);
    expect((await fee({ ...query, accountId: CONNECT_PR }, {})).statusCode).toBe(401);
  });
});
