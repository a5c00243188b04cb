import {
  ApiErrorSchema,
  ContractSearchResponseSchema,
  LimitCheckResponseSchema,
  maskName,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, vehicles } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { limitCheckBody, seededAccount } from './support/limit-check.ts';
import { BANCO_MESETA_CO, CONNECT_PR, MMM_PR, OTIUM_PA } from './support/demo-accounts.ts';

// SPEC 7 GET /api/v1/dispatch/contracts/ and POST /api/v1/dispatch/contact/checklimit; SPEC 5
// "Vehicle search term"; decisions 124 and 250. Demo rows from src/db/README.md.

let t: TestApp;
let appKey: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  appKey = { 'x-api-key': t.config.appKey };
});
afterAll(async () => {
  await t.close();
});

function search(query: Record<string, string>, headers = appKey) {
  return t.app.inject({
    method: 'GET',
    url: '/common/api/v1/dispatch/contracts/',
    headers,
    query,
  });
}

function checkLimit(payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/common/api/v1/dispatch/contact/checklimit',
    headers: appKey,
    payload: payload as Record<string, unknown>,
  });
}

/** The plate of the demo contract this holder has (name lookups need it beside the name). */
async function plateOfHolder(holder: string): Promise<string> {
  const [row] = await t.db.db
    .select({ plate: vehicles.plate })
    .from(vehicles)
    .innerJoin(contracts, eq(contracts.id, vehicles.contractId))
    .where(eq(contracts.holderFullName, holder))
    .limit(1);
  if (!row) throw new Error(`no demo contract of ${holder}`);
  return row.plate;
}

async function found(query: Record<string, string>) {
  const res = await search(query);
  expect(res.statusCode).toBe(200);
  return ContractSearchResponseSchema.parse(res.json()).data;
}

describe('GET /common/api/v1/dispatch/contracts/', () => {
  it.each([
    ['plate, hyphen and case ignored (connect)', CONNECT_PR, 'gfs-643', 'Glorimar Rivera Figueroa'],
    [
      'name with its plate (banco-meseta, decision 417)',
      BANCO_MESETA_CO,
      '  manuela  ARANGO muñoz ',
      'Manuela Arango Muñoz',
    ],
    ['member id (mmm)', MMM_PR, '436516243', 'Héctor Acevedo Cruz'],
    ['policy number (otium)', OTIUM_PA, 'PA-AU-1084219', 'Omar Pinzón Castillo'],
  ])('SPEC 5: finds by the brand lookup field: %s', async (_case, account, term, holder) => {
    const plate = await plateOfHolder(holder);
    const contracts = await found({ search: term, account, plate });
    // Decision 417: the public app key sees the holder masked.
    expect(contracts.map((c) => c.fullName)).toEqual([maskName(holder)]);
  });

  it('SPEC 5: a plate-lookup brand does not match a member id, and otium does not match a plate', async () => {
    expect(await found({ search: '458647942', account: CONNECT_PR })).toEqual([]);
    expect(await found({ search: 'HZ4531', account: OTIUM_PA })).toEqual([]);
  });

  it('active=true drops expired and inactive contracts; without it they are found', async () => {
    for (const plate of ['YTT612', 'FUH147']) {
      expect(await found({ search: plate, account: CONNECT_PR, active: 'true' })).toEqual([]);
      const all = await found({ search: plate, account: CONNECT_PR });
      expect(all).toHaveLength(1);
    }
  });

  it('answers 400 with the field for a missing search, 404 for an unknown account, 401 without the key', async () => {
    const missing = await search({ account: CONNECT_PR });
    expect(missing.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(missing.json()).field).toBe('querystring.search');
    const badBranch = await search({ search: 'GFS643', account: CONNECT_PR, branch: 'XX' });
    expect(ApiErrorSchema.parse(badBranch.json()).field).toBe('querystring.branch');
    const unknown = await search({ search: 'GFS643', account: 'ffffffffffffffffffffffff' });
    expect(unknown.statusCode).toBe(404);
    expect((await search({ search: 'GFS643', account: CONNECT_PR }, {})).statusCode).toBe(401);
  });
});

describe('POST /common/api/v1/dispatch/contact/checklimit', () => {
  async function contractId(plate: string) {
    const [contract] = await found({ search: plate, account: CONNECT_PR });
    if (!contract) throw new Error(`no demo contract for ${plate}`);
    return contract._id;
  }

  it('covers a flat tire on a contract in good standing', async () => {
    const account = await seededAccount(t, CONNECT_PR);
    const res = await checkLimit(limitCheckBody(account, await contractId('GFS643'), 'GFS-643'));
    expect(LimitCheckResponseSchema.parse(res.json()).data).toEqual({
      checkLimit: false,
      setOnDemand: false,
      contractPlate: 'GFS643',
      surplus: null,
      messages: [],
    });
  });

  it('SPEC 4: a used-up coverage sets on-demand (exceed-limit) and says why', async () => {
    const account = await seededAccount(t, CONNECT_PR);
    const res = await checkLimit(limitCheckBody(account, await contractId('ENP894'), 'ENP894'));
    const { data } = LimitCheckResponseSchema.parse(res.json());
    expect(data).toMatchObject({ checkLimit: true, setOnDemand: true, contractPlate: 'ENP894' });
    expect(data.messages).toHaveLength(1);
  });

  it('SPEC 2: a cost above the amount covered leaves a surplus of the difference', async () => {
    const account = await seededAccount(t, CONNECT_PR);
    const body = limitCheckBody(account, await contractId('ZZW218'), 'ZZW218', 'towBreakdown');
    const { data } = LimitCheckResponseSchema.parse((await checkLimit(body)).json());
    const cost = (account.serviceFees.towBreakdown ?? 0) + account.managementFee;
    expect(data.surplus).toEqual({ amount: cost - 2000, coveredAmount: 2000 });
    expect(data.checkLimit).toBe(false);
  });

  it('SPEC 4: a plate that is not on the contract answers the contract plate, masked (vehicle-not-found)', async () => {
    const account = await seededAccount(t, CONNECT_PR);
    const res = await checkLimit(limitCheckBody(account, await contractId('GFS643'), 'GFS644'));
    expect(LimitCheckResponseSchema.parse(res.json()).data).toMatchObject({
      checkLimit: true,
      setOnDemand: true,
      contractPlate: '***643',
    });
  });

  it('a situation the contract does not cover sets on-demand', async () => {
    const account = await seededAccount(t, CONNECT_PR);
    const body = limitCheckBody(account, await contractId('GFS643'), 'GFS643', 'inspections');
    const { data } = LimitCheckResponseSchema.parse((await checkLimit(body)).json());
    expect(data).toMatchObject({ checkLimit: true, setOnDemand: true });
  });

  it('refuses fees that are not the account fees, naming the field', async () => {
    const account = await seededAccount(t, CONNECT_PR);
    const body = limitCheckBody(account, await contractId('GFS643'), 'GFS643');
    body.serviceData.customerFeeParams.fees.situationFee += 1;
    const res = await checkLimit(body);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe(
      'body.serviceData.customerFeeParams.fees.situationFee',
    );
  });

  it('answers 400 for a malformed body and 404 for an unknown contract', async () => {
    const account = await seededAccount(t, CONNECT_PR);
    const body = limitCheckBody(account, 'no-such-contract', 'GFS643');
    expect((await checkLimit(body)).statusCode).toBe(404);
    const res = await checkLimit({ ...body, plate: 5 });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe('body.plate');
    const wrongAccount = limitCheckBody(account, await contractId('GFS643'), 'GFS643');
    wrongAccount.accountSfId = 'nope';
    expect(ApiErrorSchema.parse((await checkLimit(wrongAccount)).json()).field).toBe(
      'body.accountSfId',
    );
  });
});
