import {
  ApiErrorSchema,
  MemberVehiclesResponseSchema,
  VehicleServicesResponseSchema,
} from '@auxilio/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, vehicles } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { CONNECT_PR, MMM_PR } from './support/demo-accounts.ts';

// SPEC 7 GET /api/v1/dispatch/vehicle/services (query: accountId, plate, mbi, contractId) and
// GET /api/v1/mmm/member/{id}/vehicle; SPEC 5 "Plate hyphens are removed", "For MMM ... the member
// id". Decisions 410 and 411.

let t: TestApp;
let appKey: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  appKey = { 'x-api-key': t.config.appKey };
});
afterAll(async () => {
  await t.close();
});

/** A seeded contract of the account with exactly one vehicle, current, with its row and plate. */
async function contractWithOneVehicle(accountId: string) {
  const rows = await t.db.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.accountId, accountId), eq(contracts.active, true)))
    .orderBy(contracts.contractNumber);
  for (const row of rows) {
    if (row.expiresAt && row.expiresAt.getTime() < Date.now()) continue;
    const owned = await t.db.db.select().from(vehicles).where(eq(vehicles.contractId, row.id));
    if (owned.length === 1 && owned[0]) return { contract: row, vehicle: owned[0] };
  }
  throw new Error(`no current one-vehicle contract for ${accountId}`);
}

function vehicleServices(query: Record<string, string>, headers = appKey) {
  return t.app.inject({
    method: 'GET',
    url: '/common/api/v1/dispatch/vehicle/services',
    headers,
    query,
  });
}

describe('GET /common/api/v1/dispatch/vehicle/services', () => {
  it('answers the coverage and usage of the plate (hyphenated, lower case) per service type', async () => {
    const { contract, vehicle } = await contractWithOneVehicle(CONNECT_PR);
    const typed = `${vehicle.plate.slice(0, 3)}-${vehicle.plate.slice(3)}`.toLowerCase();
    const res = await vehicleServices({ accountId: CONNECT_PR, plate: typed });
    expect(res.statusCode).toBe(200);
    const { data } = VehicleServicesResponseSchema.parse(res.json());
    expect(data).toMatchObject({
      contractId: contract.id,
      account: CONNECT_PR,
      branch: 'PR',
      current: true,
      vehicle: { plate: vehicle.plate, make: vehicle.make, model: vehicle.model },
    });
    // What the database holds: one row per coverage limit, remaining = max - used.
    expect(data.services).toHaveLength(contract.coverageLimits.length);
    for (const [index, limit] of contract.coverageLimits.entries()) {
      expect(data.services[index]).toEqual({
        ...limit,
        remainingEvents: limit.maxEvents === null ? null : limit.maxEvents - limit.usedEvents,
      });
    }
  });

  it('finds the same contract by contractId and by mbi (the member id, decision 410)', async () => {
    const { contract } = await contractWithOneVehicle(MMM_PR);
    const byId = await vehicleServices({ accountId: MMM_PR, contractId: contract.id });
    const byMbi = await vehicleServices({ accountId: MMM_PR, mbi: contract.memberId ?? '' });
    expect(VehicleServicesResponseSchema.parse(byId.json()).data.contractId).toBe(contract.id);
    expect(VehicleServicesResponseSchema.parse(byMbi.json()).data).toEqual(
      VehicleServicesResponseSchema.parse(byId.json()).data,
    );
  });

  it.each([
    ['a plate no contract holds', { plate: 'ZZZ999' }],
    ['a contract of another brand', { contractId: 'not-a-contract-of-connect' }],
  ])('answers 404 for %s', async (_case, query) => {
    const res = await vehicleServices({ accountId: CONNECT_PR, ...query });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it('answers 404 for a plate that is not on the contract named by contractId', async () => {
    const { contract } = await contractWithOneVehicle(CONNECT_PR);
    const res = await vehicleServices({
      accountId: CONNECT_PR,
      contractId: contract.id,
      plate: 'ZZZ999',
    });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['no plate, mbi or contractId', { accountId: CONNECT_PR }, 'querystring.plate'],
    ['no accountId', { plate: 'ABC123' }, 'querystring.accountId'],
    [
      'a plate over 20 characters',
      { accountId: CONNECT_PR, plate: 'A'.repeat(21) },
      'querystring.plate',
    ],
  ])('answers 400 naming the field for %s', async (_case, query, field) => {
    const res = await vehicleServices(query);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe(field);
  });
});

describe('GET /common/api/v1/mmm/member/{id}/vehicle', () => {
  it("answers the vehicles of the member's current contracts, each with its contract, masked to the public key", async () => {
    const { contract, vehicle } = await contractWithOneVehicle(MMM_PR);
    const res = await t.app.inject({
      method: 'GET',
      url: `/common/api/v1/mmm/member/${contract.memberId ?? ''}/vehicle`,
      headers: appKey,
    });
    expect(res.statusCode).toBe(200);
    expect(MemberVehiclesResponseSchema.parse(res.json()).data).toEqual([
      {
        contractId: contract.id,
        plate: `***${vehicle.plate.slice(-3)}`,
        make: vehicle.make,
        model: vehicle.model,
        year: vehicle.year,
        color: vehicle.color,
        vin: '',
      },
    ]);
  });

  it('answers an empty list for a member whose only contract is no longer current', async () => {
    const [inactive] = await t.db.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.accountId, MMM_PR), eq(contracts.active, false)))
      .limit(1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/common/api/v1/mmm/member/${inactive?.memberId ?? ''}/vehicle`,
      headers: appKey,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('answers 404 for a member id of another brand, and 400 naming params.id for a bad id', async () => {
    const { contract } = await contractWithOneVehicle(CONNECT_PR);
    const other = await t.app.inject({
      method: 'GET',
      url: `/common/api/v1/mmm/member/${contract.memberId ?? ''}/vehicle`,
      headers: appKey,
    });
    expect(other.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/common/api/v1/mmm/member/a%20b/vehicle',
      headers: appKey,
    });
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).field).toBe('params.id');
  });
});
