import { createHash } from 'node:crypto';
import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import {
  accounts,
  campaigns,
  contracts,
  demoSeed,
  dispatchers,
  drivers,
  geotextRooms,
  integrations,
  media,
  serviceTypes,
  vehicles,
} from '../schema.ts';

// A restart must not wait on rewriting demo data that is already there (issue "Scale", cold start:
// about 0.7 s on PGlite). The seed records the hash of the data set it wrote and of the reference
// tables after it (demo_seed); the next start compares them in one query with the data set it would
// write and the tables as they are, and checks the rows it only inserts when missing. When all
// agree, seeding again would change nothing, so it is skipped.

/** What the check reads of the demo data set: the rows it only inserts when missing, by id. */
interface DemoData {
  readonly contracts: readonly { id: string }[];
  readonly vehicles: readonly { id: string }[];
  readonly drivers: readonly { id: string }[];
  readonly geotextRooms: readonly { id: string }[];
}

const DEMO_SEED_ID = 'demo';

/** The tables the seed rewrites from the data set (upserts); the others it only fills in. */
const REFERENCE_TABLES: PgTable[] = [
  serviceTypes,
  accounts,
  campaigns,
  integrations,
  media,
  dispatchers,
];

/** Hash of the data set (deterministic: same brands and seed code, same rows, same hash). */
export function demoDataHash(data: unknown): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex');
}

/** The reference tables' content as PostgreSQL prints it, hashed (any change to any row shows). */
export const referenceContentHash: SQL<string> = sql<string>`concat_ws(',', ${sql.join(
  REFERENCE_TABLES.map(
    (table) => sql`(select md5(string_agg(t::text, '|' order by t::text)) from ${table} t)`,
  ),
  sql`, `,
)})`;

/**
 * How many of `rows` (by id) `table` holds. The ids go as one parameter, joined by commas: hundreds
 * of bound values cost more than the count itself. (An id with a comma would never count as
 * present, so the seed would run: the safe side.)
 */
function presentCount(
  table: PgTable,
  id: AnyPgColumn,
  rows: readonly { id: string }[],
  where?: SQL,
) {
  const ids = rows.map((row) => row.id).join(',');
  return sql<number>`(select count(*) from ${table} where ${id} = any(string_to_array(${ids}, ','))${
    where ? sql` and ${where}` : sql``
  })`.mapWith(Number);
}

/** Whether seeding `data` again would write nothing: one query. */
export async function demoDataIsCurrent(
  db: Db,
  data: DemoData,
  dataHash: string,
): Promise<boolean> {
  const [state] = await db
    .select({
      dataHash: demoSeed.dataHash,
      contentHash: demoSeed.contentHash,
      currentContentHash: referenceContentHash,
      contracts: presentCount(contracts, contracts.id, data.contracts),
      vehicles: presentCount(vehicles, vehicles.id, data.vehicles),
      drivers: presentCount(drivers, drivers.id, data.drivers),
      unlinkedDrivers: presentCount(drivers, drivers.id, data.drivers, isNull(drivers.oidcSubject)),
      geotextRooms: presentCount(geotextRooms, geotextRooms.id, data.geotextRooms),
    })
    .from(demoSeed)
    .where(eq(demoSeed.id, DEMO_SEED_ID));
  return (
    state !== undefined &&
    state.dataHash === dataHash &&
    state.contentHash === state.currentContentHash &&
    state.contracts === data.contracts.length &&
    state.vehicles === data.vehicles.length &&
    state.drivers === data.drivers.length &&
    state.unlinkedDrivers === 0 &&
    state.geotextRooms === data.geotextRooms.length
  );
}

/** Records what the seed just wrote (inside its transaction, after its writes). */
export async function recordDemoSeed(db: Db, dataHash: string): Promise<void> {
  const values = { dataHash, contentHash: referenceContentHash, seededAt: sql`now()` };
  await db
    .insert(demoSeed)
    .values({ id: DEMO_SEED_ID, ...values })
    .onConflictDoUpdate({ target: demoSeed.id, set: values });
}
