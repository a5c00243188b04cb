import { BRANDS } from '@auxilio/brands';
import { SERVICE_TYPES, type Brand } from '@auxilio/domain';
import { and, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseHandle } from '../client.ts';
import {
  accounts,
  campaigns,
  contracts,
  dispatchers,
  drivers,
  geotextRooms,
  integrations,
  media,
  serviceTypes,
  vehicles,
} from '../schema.ts';
import { buildAccounts, buildCampaigns, buildIntegrations } from './accounts.ts';
import { buildContracts } from './contracts.ts';
import { buildDispatchers } from './dispatchers.ts';
import { buildDrivers } from './drivers.ts';
import { buildGeotextRooms } from './geotext.ts';
import { demoDataHash, demoDataIsCurrent, recordDemoSeed } from './seed-state.ts';

export { demoAccountId } from './accounts.ts';
export { mediaUrl } from './drivers.ts';

/** How many rows of each kind the demo data set holds (not how many a run inserted). */
export interface SeedSummary {
  accounts: number;
  campaigns: number;
  contracts: number;
  drivers: number;
  serviceTypes: number;
  integrations: number;
}

/** The whole demo data set for a brand catalog; pure and deterministic (same input, same rows). */
export function buildDemoData(brands: readonly Brand[]) {
  const accountRows = buildAccounts(brands);
  const { contracts: contractRows, vehicles: vehicleRows } = buildContracts(accountRows, brands);
  const { drivers: driverRows, media: mediaRows } = buildDrivers();
  return {
    serviceTypes: SERVICE_TYPES.map((type, index) => ({
      name: type.name,
      category: type.category,
      sortOrder: index + 1,
    })),
    accounts: accountRows,
    campaigns: buildCampaigns(accountRows),
    integrations: buildIntegrations(accountRows),
    contracts: contractRows,
    vehicles: vehicleRows,
    drivers: driverRows,
    media: mediaRows,
    geotextRooms: buildGeotextRooms(),
    dispatchers: buildDispatchers(),
  };
}

/** `excluded.<column>` for every column but `keep`: an upsert that rewrites the row from the seed. */
function excludedColumns(table: PgTable, keep: readonly string[]): Record<string, SQL> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([key]) => !keep.includes(key))
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
}

/** Rows per insert statement: well under PostgreSQL's 65,535 bind parameters for these tables. */
const BATCH = 400;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/**
 * Writes the demo data of the brand catalog (`BRANDS` of @auxilio/brands) for all five countries.
 * Idempotent: every row has a fixed id. Reference data (service types, accounts, campaigns,
 * integrations, media) is upserted, so a changed catalog updates it; operational rows (contracts
 * with their used events, vehicles, drivers with their positions) are only inserted when missing, so
 * a restart never undoes what the demo did. Running it twice adds and changes nothing; when the last
 * run left everything as it would write it, it writes nothing at all (seed-state.ts).
 */
export async function seedDemoData(
  handle: DatabaseHandle,
  brands: readonly Brand[] = BRANDS,
): Promise<SeedSummary> {
  const data = buildDemoData(brands);
  const dataHash = demoDataHash(data);
  // A restart on demo data already in place writes nothing: checked in one query (seed-state.ts).
  if (!(await demoDataIsCurrent(handle.db, data, dataHash))) {
    await writeDemoData(handle, data, dataHash);
  }
  return {
    accounts: data.accounts.length,
    campaigns: data.campaigns.length,
    contracts: data.contracts.length,
    drivers: data.drivers.length,
    serviceTypes: data.serviceTypes.length,
    integrations: data.integrations.length,
  };
}

async function writeDemoData(
  handle: DatabaseHandle,
  data: ReturnType<typeof buildDemoData>,
  dataHash: string,
): Promise<void> {
  await handle.db.transaction(async (tx) => {
    for (const rows of chunks(data.serviceTypes)) {
      await tx
        .insert(serviceTypes)
        .values(rows)
        .onConflictDoUpdate({
          target: serviceTypes.name,
          set: excludedColumns(serviceTypes, ['name']),
        });
    }
    for (const rows of chunks(data.accounts)) {
      await tx
        .insert(accounts)
        .values(rows)
        .onConflictDoUpdate({
          target: accounts.id,
          set: excludedColumns(accounts, ['id', 'createdAt']),
        });
    }
    for (const rows of chunks(data.campaigns)) {
      await tx
        .insert(campaigns)
        .values(rows)
        .onConflictDoUpdate({
          target: campaigns.name,
          set: excludedColumns(campaigns, ['id', 'name', 'createdAt']),
        });
    }
    for (const rows of chunks(data.integrations)) {
      await tx
        .insert(integrations)
        .values(rows)
        .onConflictDoUpdate({
          target: [integrations.accountId, integrations.name],
          set: excludedColumns(integrations, ['id', 'accountId', 'name', 'createdAt']),
        });
    }
    for (const rows of chunks(data.media)) {
      await tx
        .insert(media)
        .values(rows)
        .onConflictDoUpdate({ target: media.id, set: excludedColumns(media, ['id', 'createdAt']) });
    }
    for (const rows of chunks(data.contracts)) {
      await tx.insert(contracts).values(rows).onConflictDoNothing({ target: contracts.id });
    }
    for (const rows of chunks(data.vehicles)) {
      await tx.insert(vehicles).values(rows).onConflictDoNothing({ target: vehicles.id });
    }
    for (const rows of chunks(data.drivers)) {
      await tx.insert(drivers).values(rows).onConflictDoNothing({ target: drivers.id });
    }
    // Demo drivers without a linked account are linked to theirs (docs/decisions/761: the subject
    // is the driver id), and those not seeded offline are online for offers (decision 760). A
    // driver already linked is left as it is (online or not, as their app last said).
    await tx
      .update(drivers)
      .set({ oidcSubject: sql`${drivers.id}`, online: sql`${drivers.status} <> 'offline'` })
      .where(
        and(
          isNull(drivers.oidcSubject),
          inArray(
            drivers.id,
            data.drivers.map((row) => row.id),
          ),
        ),
      );
    await tx
      .insert(dispatchers)
      .values(data.dispatchers)
      .onConflictDoUpdate({
        target: dispatchers.id,
        set: excludedColumns(dispatchers, ['id', 'createdAt']),
      });
    await tx
      .insert(geotextRooms)
      .values(data.geotextRooms)
      .onConflictDoNothing({ target: geotextRooms.id });
    await recordDemoSeed(tx, dataHash);
  });
}
