import {
  ApiErrorSchema,
  ContractSearchResponseSchema,
  LimitCheckResponseSchema,
  MemberVehiclesResponseSchema,
  VehicleServicesResponseSchema,
} from '@auxilio/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, vehicles } from '../src/db/schema.ts';
import { deriveKey } from '../src/plugins/app/server-keys.ts';
import { signMemberSession } from '../src/services/identity/member-session.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import { limitCheckBody, seededAccount } from './support/limit-check.ts';
import { BANCO_MESETA_CO, CONNECT_PR, MMM_PR } from './support/demo-accounts.ts';

// Decision 417: the public app key (in every browser) never reads a contract holder's personal
// data; a name alone never lists people; a signed-in member reads their own contracts in full; the
// lookups share one budget far below the general one.

let t: TestApp;
let appKey: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  appKey = { 'x-api-key': t.config.appKey };
});
afterAll(async () => {
  await t.close();
});

type ContractRow = typeof contracts.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;

/** A current contract of the account with its vehicles, holding every personal field. */
async function holderOf(accountId: string): Promise<{ row: ContractRow; owned: VehicleRow[] }> {
  const rows = await t.db.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.accountId, accountId), eq(contracts.active, true)))
    .orderBy(contracts.contractNumber);
  for (const row of rows) {
    if (row.expiresAt && row.expiresAt.getTime() < Date.now()) continue;
    const owned = await t.db.db.select().from(vehicles).where(eq(vehicles.contractId, row.id));
    if (owned.length > 0 && row.holderEmail !== '' && owned.every((v) => v.vin !== '')) {
      return { row, owned };
    }
  }
  throw new Error(`no current contract with personal data for ${accountId}`);
}

/** The values nobody but the holder (or the server) may read. */
function personalValues(row: ContractRow, owned: readonly VehicleRow[]): string[] {
  return [
    row.holderFullName,
    ...row.holderFullName.split(' ').filter((word) => word.length > 2),
    row.holderPhone,
    row.holderPhone.replace(/\D/g, '').slice(0, -2),
    row.holderEmail,
    row.policyNumber ?? '',
    row.memberId ?? '',
    ...owned.map((vehicle) => vehicle.vin),
  ].filter((value) => value.length > 2);
}

function get(url: string, query: Record<string, string>, headers = appKey) {
  return t.app.inject({ method: 'GET', url, headers, query });
}

describe('lookups with the public app key (decision 417)', () => {
  it('the contract search answers the reference, vehicle and coverage, the holder masked', async () => {
    const { row, owned } = await holderOf(CONNECT_PR);
    const plate = owned[0]?.plate ?? '';
    const res = await get('/common/api/v1/dispatch/contracts/', {
      search: plate,
      account: CONNECT_PR,
    });
    expect(res.statusCode).toBe(200);
    for (const value of personalValues(row, owned)) expect(res.body).not.toContain(value);
    const [contract] = ContractSearchResponseSchema.parse(res.json()).data;
    expect(contract).toMatchObject({
      _id: row.id,
      detail: 'masked',
      email: '',
      memberId: null,
      policyNumber: null,
    });
    expect(contract?.fullName).toMatch(/^(\S\*\*\* ?)+$/);
    expect(contract?.phone).toBe(`***-**${row.holderPhone.replace(/\D/g, '').slice(-2)}`);
    expect(contract?.coverageLimits).toEqual(row.coverageLimits);
    const shown = contract?.vehicles.find((vehicle) => vehicle.plate === plate);
    expect(shown).toMatchObject({ make: owned[0]?.make, model: owned[0]?.model, vin: '' });
  });

  it('the vehicle services, member vehicles and limit check give no VIN and no plate not given', async () => {
    const { row, owned } = await holderOf(MMM_PR);
    const services = await get('/common/api/v1/dispatch/vehicle/services', {
      accountId: MMM_PR,
      contractId: row.id,
    });
    expect(services.statusCode).toBe(200);
    const members = await get(`/common/api/v1/mmm/member/${row.memberId ?? ''}/vehicle`, {});
    expect(members.statusCode).toBe(200);
    const account = await seededAccount(t, MMM_PR);
    const check = await t.app.inject({
      method: 'POST',
      url: '/common/api/v1/dispatch/contact/checklimit',
      headers: appKey,
      payload: limitCheckBody(account, row.id, 'NOT-MINE'),
    });
    expect(check.statusCode).toBe(200);
    for (const res of [services, members, check]) {
      for (const value of personalValues(row, owned)) expect(res.body).not.toContain(value);
      for (const vehicle of owned) expect(res.body).not.toContain(vehicle.plate);
    }
    const { vehicle } = VehicleServicesResponseSchema.parse(services.json()).data;
    // The contract's only vehicle, or none when it has several: never with its VIN.
    expect(vehicle === null || vehicle.vin === '').toBe(true);
    expect(MemberVehiclesResponseSchema.parse(members.json()).data.length).toBeGreaterThan(0);
    expect(LimitCheckResponseSchema.parse(check.json()).data.contractPlate).toMatch(/^\*\*\*/);
  });

  it('a name alone is refused (400 naming the plate); name and plate must both match', async () => {
    const { row, owned } = await holderOf(BANCO_MESETA_CO);
    const url = '/common/api/v1/dispatch/contracts/';
    const nameOnly = await get(url, { search: row.holderFullName, account: BANCO_MESETA_CO });
    expect(nameOnly.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(nameOnly.json())).toMatchObject({
      code: 'BAD_REQUEST',
      field: 'querystring.plate',
    });
    const wrongPlate = await get(url, {
      search: row.holderFullName,
      account: BANCO_MESETA_CO,
      plate: 'ZZZ999',
    });
    expect(ContractSearchResponseSchema.parse(wrongPlate.json()).data).toEqual([]);
    const both = await get(url, {
      search: row.holderFullName,
      account: BANCO_MESETA_CO,
      plate: owned[0]?.plate ?? '',
    });
    const found = ContractSearchResponseSchema.parse(both.json()).data;
    expect(found.map((contract) => contract._id)).toEqual([row.id]);
    expect(both.body).not.toContain(row.holderFullName);
  });
});

describe('a signed-in member (decision 417)', () => {
  const search = (memberId: string, authorization: string) =>
    get(
      '/common/api/v1/dispatch/contracts/',
      { search: memberId, account: MMM_PR },
      { ...appKey, authorization },
    );

  it('reads their own contract in full, and only their own', async () => {
    const { row, owned } = await holderOf(MMM_PR);
    const memberId = row.memberId ?? '';
    const own = await signMemberSession(t.app.serverKeys.memberSession, memberId);
    const [full] = ContractSearchResponseSchema.parse(
      (await search(memberId, `Bearer ${own.token}`)).json(),
    ).data;
    expect(full).toMatchObject({
      detail: 'full',
      fullName: row.holderFullName,
      email: row.holderEmail,
      memberId,
    });
    expect(full?.vehicles.map((vehicle) => vehicle.vin)).toEqual(
      expect.arrayContaining(owned.map((vehicle) => vehicle.vin)),
    );

    const someoneElse = await signMemberSession(t.app.serverKeys.memberSession, '400000017');
    const other = await search(memberId, `Bearer ${someoneElse.token}`);
    for (const value of personalValues(row, owned)) expect(other.body).not.toContain(value);
  });

  it('an expired or forged session reads what the public key reads', async () => {
    const { row, owned } = await holderOf(MMM_PR);
    const memberId = row.memberId ?? '';
    const expired = await signMemberSession(
      t.app.serverKeys.memberSession,
      memberId,
      new Date(Date.now() - 3 * 60 * 60 * 1000),
    );
    const forged = await signMemberSession(
      deriveKey('not-the-server-secret-but-32-chars-long', 'member-session'),
      memberId,
    );
    for (const session of [expired, forged]) {
      const res = await search(memberId, `Bearer ${session.token}`);
      expect(res.statusCode).toBe(200);
      for (const value of personalValues(row, owned)) expect(res.body).not.toContain(value);
    }
  });
});

describe('the lookup budget (decision 417)', () => {
  it('lookups share one budget per client, far below the general one: 429 with Retry-After', async () => {
    const base = testConfig();
    const limited = await createTestApp({
      config: {
        trustProxy: true,
        security: {
          ...base.security,
          rateLimit: { ...base.security.rateLimit, enabled: true, max: 100, lookupMax: 3 },
        },
      },
    });
    try {
      const headers = { ...appKey, 'x-forwarded-for': '198.51.100.7' };
      const call = (url: string, query: Record<string, string>) =>
        limited.app.inject({ method: 'GET', url, headers, query });
      const lookups = [
        await call('/common/api/v1/dispatch/contracts/', { search: 'ABC123', account: CONNECT_PR }),
        await call('/common/api/v1/dispatch/vehicle/services', {
          accountId: CONNECT_PR,
          plate: 'ABC123',
        }),
        await call('/common/api/v1/mmm/member/436516243/vehicle', {}),
        await call('/common/api/v1/dispatch/contracts/', { search: 'XYZ789', account: CONNECT_PR }),
      ];
      expect(lookups.map((res) => res.statusCode === 429)).toEqual([false, false, false, true]);
      const limitedAnswer = lookups[3];
      expect(ApiErrorSchema.parse(limitedAnswer?.json()).code).toBe('RATE_LIMITED');
      expect(Number(limitedAnswer?.headers['retry-after'])).toBeGreaterThan(0);
      const suggestions = await limited.app.inject({
        method: 'POST',
        url: '/autodispatch/api/suggestions',
        headers,
        payload: {
          request: {
            branch: 'PR',
            account: CONNECT_PR,
            situation: 'flatTire',
            route: {
              situation: { latitude: 18.4, longitude: -66.1, address: 'San Juan' },
              destination: null,
            },
          },
        },
      });
      expect(suggestions.statusCode).toBe(429);
      // HEAD is its GET, and one IPv6 network (/64) is one client.
      const head = await limited.app.inject({
        method: 'HEAD',
        url: '/common/api/v1/mmm/member/436516243/vehicle',
        headers,
      });
      expect(head.statusCode).toBe(429);
      const ipv6 = async (address: string) =>
        (
          await limited.app.inject({
            method: 'GET',
            url: '/common/api/v1/mmm/member/436516243/vehicle',
            headers: { ...appKey, 'x-forwarded-for': address },
          })
        ).statusCode;
      const network = [];
      for (let i = 1; i <= 4; i += 1) network.push(await ipv6(`2001:db8:7:7::${i.toString(16)}`));
      expect(network.slice(0, 3)).not.toContain(429);
      expect(network[3]).toBe(429);
      // Other calls keep the general budget; another client keeps its own lookups.
      expect((await call('/common/services/types/all', {})).statusCode).toBe(200);
      const other = await limited.app.inject({
        method: 'GET',
        url: '/common/api/v1/dispatch/contracts/',
        headers: { ...appKey, 'x-forwarded-for': '198.51.100.8' },
        query: { search: 'ABC123', account: CONNECT_PR },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
