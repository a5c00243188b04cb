import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BRANDS } from '@auxilio/brands';
import {
  AccountSchema,
  BRANCHES,
  CampaignSchema,
  CustomerContractSchema,
  IntegrationSchema,
  SERVICE_TYPES,
  haversineMeters,
  memberIdOf,
  type Branch,
} from '@auxilio/domain';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { openDatabase, type DatabaseHandle, type Db } from './client.ts';
import { migrateDatabase, resetDatabase } from './migrate.ts';
import {
  accounts,
  campaigns,
  contracts,
  demoSeed,
  drivers,
  geotextRooms,
  integrations,
  media,
  serviceEvents,
  services,
  serviceTypes,
  vehicles,
} from './schema.ts';
import { DRIVER_CITIES } from './seed/countries.ts';
import { demoAccountId, mediaUrl, seedDemoData, type SeedSummary } from './seed/index.ts';
import { vinCheckDigit } from './seed/vehicle-catalog.ts';
import { openTestDatabase, towBreakdownRow } from './testing.ts';

// The schema, migrations and demo seed on the database this run uses: in-memory PGlite, or
// PostgreSQL at DATABASE_URL.

let handle: DatabaseHandle;
let db: Db;
let summary: SeedSummary;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  summary = await seedDemoData(handle);
});

afterAll(async () => {
  await handle.close();
});

async function countRows(table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** Every seeded table, in a stable order, for before/after comparisons. */
async function snapshot() {
  return {
    serviceTypes: await db.select().from(serviceTypes).orderBy(asc(serviceTypes.name)),
    accounts: await db.select().from(accounts).orderBy(asc(accounts.id)),
    campaigns: await db.select().from(campaigns).orderBy(asc(campaigns.id)),
    integrations: await db.select().from(integrations).orderBy(asc(integrations.id)),
    contracts: await db.select().from(contracts).orderBy(asc(contracts.id)),
    vehicles: await db.select().from(vehicles).orderBy(asc(vehicles.id)),
    drivers: await db.select().from(drivers).orderBy(asc(drivers.id)),
    media: await db.select().from(media).orderBy(asc(media.id)),
  };
}

describe('demo seed', () => {
  it('writes the demo counts (contracts, drivers, accounts), and reports them', async () => {
    expect(await countRows(serviceTypes)).toBe(23);
    expect(await countRows(contracts)).toBeGreaterThanOrEqual(200);
    expect(await countRows(drivers)).toBeGreaterThanOrEqual(60);
    expect(summary).toEqual({
      accounts: await countRows(accounts),
      campaigns: await countRows(campaigns),
      contracts: await countRows(contracts),
      drivers: await countRows(drivers),
      serviceTypes: 23,
      integrations: await countRows(integrations),
    });
  });

  it('stores the 23 service types of the domain catalogue in order', async () => {
    const rows = await db
      .select({ name: serviceTypes.name, category: serviceTypes.category })
      .from(serviceTypes)
      .orderBy(asc(serviceTypes.sortOrder));
    expect(rows).toEqual(SERVICE_TYPES.map(({ name, category }) => ({ name, category })));
  });

  it('has a Member and a Visitor account for every brand and branch, with the documented ids', async () => {
    // SPEC 1: "A Member and a Visitor account exist as separate accounts per branch".
    const rows = await db
      .select({
        id: accounts.id,
        brand: accounts.brand,
        branch: accounts.branch,
        kind: accounts.kind,
      })
      .from(accounts);
    const expected = BRANDS.flatMap((brand) =>
      brand.branches.flatMap((branch) =>
        (['member', 'visitor'] as const).map((kind) => ({
          id: demoAccountId(brand.slug, branch, kind),
          brand: brand.slug,
          branch,
          kind,
        })),
      ),
    );
    expect(rows).toHaveLength(expected.length);
    expect(rows).toEqual(expect.arrayContaining(expected));
    // The id is the first 24 hex characters of sha256(`${brand}:${branch}:${kind}`).
    const hash = createHash('sha256').update('connect:PR:member').digest('hex');
    expect(demoAccountId('connect', 'PR', 'member')).toBe(hash.slice(0, 24));
  });

  it('maps every account row to the AccountSchema of the domain, field for field', async () => {
    const rows = await db.select().from(accounts);
    for (const row of rows) {
      const wire = {
        _id: row.id,
        name: row.name,
        smsName: row.smsName,
        branch: row.branch,
        brand: row.brand,
        kind: row.kind,
        phone: row.phone,
        serviceCoordinationPhone: row.serviceCoordinationPhone,
        salesforce: row.salesforceId,
        config: row.config,
        managementFee: row.managementFeeCents,
        serviceFees: row.serviceFees,
        tax: { label: row.taxLabel, rate: row.taxRate },
        homeServicesAllowed: row.homeServicesAllowed,
        pwaHomeServicesAllowed: row.pwaHomeServicesAllowed,
        pwaRoadServicesAllowed: row.pwaRoadServicesAllowed,
      };
      // Parsing must neither fail nor change anything (no defaults filled in, nothing stripped).
      expect(AccountSchema.parse(wire)).toEqual(wire);
    }
  });

  it.each([
    ['PR', 0, 'IVU'],
    ['CR', 0.13, 'IVA'],
    ['PA', 0.115, 'ITBMS'],
    ['MX', 0.16, 'IVA'],
    ['CO', 0.19, 'IVA'],
  ] as const)(
    'SPEC 9 "Tax rates by branch in the receipt": %s accounts charge %s (%s)',
    async (branch, rate, label) => {
      const rows = await db
        .selectDistinct({ rate: accounts.taxRate, label: accounts.taxLabel })
        .from(accounts)
        .where(eq(accounts.branch, branch));
      expect(rows).toEqual([{ rate, label }]);
    },
  );

  it('varies the per-account switches and allowed services', async () => {
    const rows = await db.select().from(accounts);
    const versions = new Set(rows.map((row) => row.config.policyLimitVersion));
    expect(versions).toEqual(new Set(['V1', 'V2']));
    expect(rows.some((row) => row.config.finishedScreenAfterService)).toBe(true);
    expect(rows.some((row) => row.config.surveyStepShownAsFinished)).toBe(true);
    expect(rows.some((row) => row.config.socialStepWhenFinished)).toBe(true);
    expect(rows.some((row) => row.config.legacyReceiptPreview)).toBe(true);
    expect(rows.some((row) => row.pwaRoadServicesAllowed.length > 0)).toBe(true);
    // Home categories only for brands with the home track.
    const homeBrands = new Set(
      BRANDS.filter((brand) => brand.tracks.includes('home') || brand.homeOnDemand).map(
        (b) => b.slug,
      ),
    );
    for (const row of rows) {
      expect(row.homeServicesAllowed.length > 0).toBe(homeBrands.has(row.brand));
      expect(row.homeServicesAllowed).toEqual(expect.arrayContaining(row.pwaHomeServicesAllowed));
    }
  });

  it('has campaigns and integrations that parse with the domain contract', async () => {
    const campaignRows = await db.select().from(campaigns);
    expect(campaignRows.length).toBeGreaterThanOrEqual(3);
    for (const row of campaignRows) {
      CampaignSchema.parse({
        name: row.name,
        account: row.accountId,
        brand: row.brand,
        serviceTypes: row.serviceTypes,
        active: row.active,
      });
    }
    const integrationRows = await db.select().from(integrations);
    const parsed = integrationRows.map((row) =>
      IntegrationSchema.parse({ name: row.name, enabled: row.enabled, config: row.config }),
    );
    expect(parsed).toContainEqual({
      name: 'connect-app-service-creation',
      enabled: true,
      config: { disableContractSearch: true, successRedirectUrl: null, allowedRedirectOrigins: [] },
    });
    expect(
      parsed.some(
        (integration) =>
          integration.name === 'connect-app-tracking' &&
          integration.config.successRedirectUrl !== null,
      ),
    ).toBe(true);
  });

  it('spreads contracts over all five countries and every brand with member accounts', async () => {
    const rows = await db
      .select({ branch: contracts.branch, accountId: contracts.accountId })
      .from(contracts);
    expect(new Set(rows.map((row) => row.branch))).toEqual(new Set(BRANCHES));
    const memberAccounts = BRANDS.flatMap((brand) =>
      brand.branches.map((branch) => demoAccountId(brand.slug, branch, 'member')),
    );
    expect(new Set(rows.map((row) => row.accountId))).toEqual(new Set(memberAccounts));
  });

  it('maps every contract with its vehicles to the CustomerContractSchema of the domain', async () => {
    const contractRows = await db.select().from(contracts);
    const vehicleRows = await db.select().from(vehicles);
    for (const row of contractRows) {
      const wire = {
        _id: row.id,
        detail: 'full',
        account: row.accountId,
        branch: row.branch,
        fullName: row.holderFullName,
        memberId: row.memberId,
        policyNumber: row.policyNumber,
        phone: row.holderPhone,
        email: row.holderEmail,
        active: row.active,
        startDate: row.startsAt.toISOString(),
        endDate: row.expiresAt?.toISOString() ?? null,
        vehicles: vehicleRows
          .filter((vehicle) => vehicle.contractId === row.id)
          .map(({ plate, make, model, year, color, vin }) => ({
            plate,
            make,
            model,
            year,
            color,
            vin,
          })),
        coverageLimits: row.coverageLimits,
      };
      expect(CustomerContractSchema.parse(wire)).toEqual(wire);
    }
  });

  it('has expired, inactive and exhausted contracts in every country for the limit demos', async () => {
    const rows = await db.select().from(contracts);
    const now = new Date();
    for (const branch of BRANCHES) {
      const inBranch = rows.filter((row) => row.branch === branch);
      expect(inBranch.some((row) => row.expiresAt !== null && row.expiresAt < now)).toBe(true);
      expect(inBranch.some((row) => !row.active)).toBe(true);
      expect(
        inBranch.some((row) =>
          row.coverageLimits.every(
            (limit) => limit.maxEvents !== null && limit.usedEvents >= limit.maxEvents,
          ),
        ),
      ).toBe(true);
      expect(
        inBranch.filter((row) => row.active && row.expiresAt !== null && row.expiresAt > now)
          .length,
      ).toBeGreaterThan(inBranch.length / 2);
    }
  });

  it('uses unique member ids that begin with the country number (SPEC 9 "Member ids per country")', async () => {
    const rows = await db
      .select({ branch: contracts.branch, memberId: contracts.memberId })
      .from(contracts);
    for (const row of rows) {
      expect(row.memberId?.startsWith(String(memberIdOf(row.branch as Branch)))).toBe(true);
    }
    expect(new Set(rows.map((row) => row.memberId)).size).toBe(rows.length);
  });

  it('stores normalised unique plates and valid VINs', async () => {
    const rows = await db.select({ plate: vehicles.plate, vin: vehicles.vin }).from(vehicles);
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(new Set(rows.map((row) => row.plate)).size).toBe(rows.length);
    for (const { plate, vin } of rows) {
      // SPEC 5: "Plate hyphens are removed; vehPlate is sent upper case".
      expect(plate).toMatch(/^[A-Z0-9]{5,8}$/);
      if (vin !== '') {
        expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
        expect(vin.charAt(8)).toBe(vinCheckDigit(vin));
      }
    }
  });

  it('finds a contract by plate, member id, policy number and holder name through the indexes', async () => {
    const [vehicle] = await db.select().from(vehicles).limit(1);
    expect(vehicle).toBeDefined();
    const [byPlate] = await db
      .select({ id: contracts.id })
      .from(vehicles)
      .innerJoin(contracts, eq(contracts.id, vehicles.contractId))
      .where(eq(vehicles.plate, vehicle?.plate ?? ''));
    expect(byPlate?.id).toBe(vehicle?.contractId);
    const [contract] = await db
      .select()
      .from(contracts)
      .where(eq(contracts.id, vehicle?.contractId ?? ''));
    const byName = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(
        sql`lower(${contracts.holderFullName}) = lower(${contract?.holderFullName.toUpperCase() ?? ''})`,
      );
    expect(byName.map((row) => row.id)).toContain(contract?.id);
    const byPolicy = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.policyNumber, contract?.policyNumber ?? ''));
    expect(byPolicy).toEqual([{ id: contract?.id }]);
  });

  it('holds every example row of src/db/README.md', async () => {
    const readme = await readFile(new URL('./README.md', import.meta.url), 'utf8');
    const rows = [
      ...readme.matchAll(
        /^\|\s*(PR|PA|CR|CO|MX)\s*\|\s*([^|]+?)\s*\|\s*([a-z0-9-]+)\s*\|\s*`([0-9a-f]{24})`\s*\|\s*([^|]+?)\s*\|\s*`(\d+)`\s*\|\s*`([^`]+)`\s*\|\s*([^|]+?)\s*\|$/gm,
      ),
    ];
    expect(rows.length).toBeGreaterThanOrEqual(15);
    const now = new Date();
    for (const [, branch, kind, , accountId, plateCell, memberId, policyNumber, holder] of rows) {
      const [contract] = await db
        .select()
        .from(contracts)
        .where(eq(contracts.memberId, memberId ?? ''));
      expect(contract, `member id ${memberId ?? ''}`).toMatchObject({
        branch,
        accountId,
        policyNumber,
        holderFullName: holder,
      });
      const plate = /`([A-Z0-9]+)`/.exec(plateCell ?? '')?.[1];
      if (plate) {
        const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.plate, plate));
        expect(vehicle?.contractId, `plate ${plate}`).toBe(contract?.id);
      }
      const exhausted = contract?.coverageLimits.every(
        (limit) => limit.maxEvents !== null && limit.usedEvents >= limit.maxEvents,
      );
      const expired = contract?.expiresAt != null && contract.expiresAt < now;
      const state = !contract?.active
        ? 'inactive'
        : expired
          ? 'expired'
          : exhausted
            ? 'limits used up'
            : 'ok';
      expect(state, `member id ${memberId ?? ''}`).toBe(kind);
    }
  });

  it('places at least 12 drivers within 15 km of each of the five cities, with pictures', async () => {
    const rows = await db.select().from(drivers);
    for (const branch of BRANCHES) {
      const city = DRIVER_CITIES[branch];
      const inBranch = rows.filter((row) => row.branch === branch);
      expect(inBranch.length).toBeGreaterThanOrEqual(12);
      for (const row of inBranch) {
        const distance = haversineMeters(city, { lat: row.lastLat ?? 0, lng: row.lastLng ?? 0 });
        expect(distance).toBeLessThan(15_000);
      }
    }
    const mediaIds = new Set((await db.select({ id: media.id }).from(media)).map((row) => row.id));
    for (const row of rows) {
      for (const url of [row.employeeImage, row.vehicleImage]) {
        const id = /^\/common\/media\/(.+)\.svg$/.exec(url ?? '')?.[1] ?? '';
        expect(mediaIds.has(id), `${url ?? ''} has a media row`).toBe(true);
        expect(mediaUrl(id)).toBe(url);
      }
    }
    const [photo] = await db.select().from(media).where(eq(media.id, 'vehicle-tow-truck'));
    expect(photo?.contentType).toBe('image/svg+xml');
    expect(photo?.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
  });

  it('is idempotent: a second run adds nothing and changes nothing', async () => {
    const before = await snapshot();
    const again = await seedDemoData(handle);
    expect(again).toEqual(summary);
    expect(await snapshot()).toEqual(before);
  });

  it('writes nothing when the last run left the demo data as it would write it', async () => {
    const [before] = await db.select().from(demoSeed);
    expect(before?.dataHash).toMatch(/^[0-9a-f]{64}$/);
    await seedDemoData(handle);
    expect(await db.select().from(demoSeed)).toEqual([before]);
  });

  it('writes again what was changed or removed outside the API since the last run', async () => {
    const [type] = await db.select().from(serviceTypes).orderBy(asc(serviceTypes.name)).limit(1);
    const [driver] = await db.select().from(drivers).orderBy(asc(drivers.id)).limit(1);
    const [room] = await db.select().from(geotextRooms).limit(1);
    const [seededBefore] = await db.select().from(demoSeed);
    await db
      .update(serviceTypes)
      .set({ sortOrder: 999 })
      .where(eq(serviceTypes.name, type?.name ?? ''));
    await seedDemoData(handle);
    expect(
      await db
        .select()
        .from(serviceTypes)
        .where(eq(serviceTypes.name, type?.name ?? '')),
    ).toEqual([type]);
    await db
      .update(drivers)
      .set({ oidcSubject: null })
      .where(eq(drivers.id, driver?.id ?? ''));
    await seedDemoData(handle);
    const [linked] = await db
      .select()
      .from(drivers)
      .where(eq(drivers.id, driver?.id ?? ''));
    expect(linked?.oidcSubject).toBe(driver?.id);
    await db.delete(geotextRooms).where(eq(geotextRooms.id, room?.id ?? ''));
    await seedDemoData(handle);
    expect(
      await db
        .select()
        .from(geotextRooms)
        .where(eq(geotextRooms.id, room?.id ?? '')),
    ).toEqual([room]);
    const [seededAfter] = await db.select().from(demoSeed);
    expect(seededAfter?.seededAt.getTime()).toBeGreaterThan(seededBefore?.seededAt.getTime() ?? 0);
  });

  it('keeps what the demo changed in contracts and drivers when it runs again', async () => {
    const [driver] = await db.select().from(drivers).limit(1);
    const id = driver?.id ?? '';
    await db
      .update(drivers)
      .set({ status: 'busy', lastLat: 18.4, lastLng: -66.05 })
      .where(eq(drivers.id, id));
    await seedDemoData(handle);
    const [after] = await db.select().from(drivers).where(eq(drivers.id, id));
    expect(after).toMatchObject({ status: 'busy', lastLat: 18.4, lastLng: -66.05 });
  });
});

describe('service tables', () => {
  const accountId = demoAccountId('connect', 'PR', 'member');
  const newService = (id: string) => towBreakdownRow(id, accountId, 'a'.repeat(64));

  it('numbers services from 100001 upwards and defaults the status to Queued (1)', async () => {
    const [first] = await db.insert(services).values(newService('svc-test-0001')).returning();
    const [second] = await db.insert(services).values(newService('svc-test-0002')).returning();
    expect(first?.serviceNumber).toBeGreaterThanOrEqual(100001);
    expect(second?.serviceNumber).toBe((first?.serviceNumber ?? 0) + 1);
    expect(first).toMatchObject({ status: 'Queued', statusNumber: 1, tripStamps: {} });
  });

  it('rejects a status word that SPEC 4 does not list', async () => {
    await expect(
      db.insert(services).values({ ...newService('svc-test-0003'), status: 'Done' }),
    ).rejects.toThrow();
  });

  it('keeps one event per service and sequence number (SSE Last-Event-ID)', async () => {
    await db.insert(serviceEvents).values({ serviceId: 'svc-test-0001', seq: 1, type: 'status' });
    await expect(
      db.insert(serviceEvents).values({ serviceId: 'svc-test-0001', seq: 1, type: 'trip' }),
    ).rejects.toThrow();
    await db.insert(serviceEvents).values({ serviceId: 'svc-test-0002', seq: 1, type: 'status' });
  });
});

describe('migrations and reset', () => {
  it('running the migrations again does nothing', async () => {
    await migrateDatabase(handle);
    expect(await countRows(accounts)).toBe(summary.accounts);
  });

  it('resetDatabase leaves an empty, migrated database that can be seeded again', async () => {
    await resetDatabase(handle);
    expect(await countRows(accounts)).toBe(0);
    expect(await countRows(contracts)).toBe(0);
    const [row] = await db.select({ n: count() }).from(services);
    expect(row?.n).toBe(0);
    expect(await seedDemoData(handle)).toEqual(summary);
    expect(await countRows(contracts)).toBe(summary.contracts);
  });

  it('resets a PostgreSQL database while another session holds a lock on it', async () => {
    // A process left over from an earlier test, mid-transaction: the drop would wait on it forever.
    const { databaseUrl } = loadConfig();
    if (handle.kind !== 'postgres' || !databaseUrl) return;
    const leftover = new pg.Client({ connectionString: databaseUrl });
    leftover.on('error', () => undefined);
    await leftover.connect();
    try {
      await leftover.query('begin');
      await leftover.query('lock table accounts in access share mode');
      await resetDatabase(handle);
      expect(await countRows(accounts)).toBe(0);
      await expect(leftover.query('select 1')).rejects.toThrow();
      expect(await seedDemoData(handle)).toEqual(summary);
    } finally {
      await leftover.end().catch(() => undefined);
    }
  }, 20_000);

  it('lets two API processes migrate one database at the same time (ARCHITECTURE decision 4)', async () => {
    // On PGlite a data directory belongs to one process; the race only exists on PostgreSQL.
    const { databaseUrl } = loadConfig();
    if (handle.kind !== 'postgres' || !databaseUrl) return;
    const other = await openDatabase({ url: databaseUrl });
    try {
      await db.execute(sql.raw('drop schema if exists drizzle cascade'));
      await db.execute(sql.raw('drop schema public cascade'));
      await db.execute(sql.raw('create schema public'));
      await Promise.all([migrateDatabase(handle), migrateDatabase(other), migrateDatabase(handle)]);
      expect(await countRows(accounts)).toBe(0);
      expect(await seedDemoData(other)).toEqual(summary);
    } finally {
      await other.close();
    }
  });
});
