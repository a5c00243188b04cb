import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IN_MEMORY_DATA_DIR,
  nativeDatabaseOf,
  openDatabase,
  type DatabaseHandle,
} from '../src/db/client.ts';
import { findMigrationsFolder, migrateDatabase } from '../src/db/migrate.ts';
import { services } from '../src/db/schema.ts';

// Upgrading a database to the dispatch engine (drizzle/0009, docs/decisions/760): the requests
// waiting for a driver before the upgrade enter dispatch (now, or 30 minutes before their
// schedule); the others stay out. An in-memory database is migrated up to 0008, given requests,
// then migrated to the end.

const BEFORE_ENGINE = '0009_dispatch_engine';

let handle: DatabaseHandle;
let oldMigrations: string;

beforeAll(async () => {
  const folder = findMigrationsFolder();
  oldMigrations = await mkdtemp(join(tmpdir(), 'auxilio-migrations-'));
  await cp(folder, oldMigrations, { recursive: true });
  const journalPath = join(oldMigrations, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === BEFORE_ENGINE);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  handle = await openDatabase({ dataDir: IN_MEMORY_DATA_DIR });
});
afterAll(async () => {
  await handle.close();
  await rm(oldMigrations, { recursive: true, force: true });
});

describe('migrating to the dispatch engine', () => {
  it('puts the requests that wait for a driver into dispatch, and nothing else', async () => {
    const native = nativeDatabaseOf(handle);
    if (native.kind !== 'pglite') throw new Error('an in-memory PGlite was expected');
    await migrate(native.db, {
      migrationsFolder: oldMigrations,
      migrationsSchema: 'drizzle',
      migrationsTable: '__drizzle_migrations',
    });
    const schedule = new Date(Date.now() + 3 * 3600_000);
    // The rows alone (no account or driver rows): foreign keys are not checked for this setup.
    await native.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const insert = (id: string, status: string, at: Date | null, driverId: string | null) =>
        tx.execute(
          sql`insert into services (id, service_number, account_id, branch, situation, service_type, firstname, token_hash, status, schedule, driver_id)
              values (${id}, default, 'account-before', 'PR', 'flatTire', 'road', 'Ana', ${`hash-${id}`}, ${status}, ${at?.toISOString() ?? null}, ${driverId})`,
        );
      await insert('queued-before', 'Queued', null, null);
      await insert('scheduled-before', 'Queued', schedule, null);
      await insert('active-before', 'Active', null, 'driver-before');
    });
    const upgradedAt = Date.now();
    await migrateDatabase(handle);

    const dispatchAtOf = async (id: string) =>
      (
        await handle.db
          .select({ dispatchAt: services.dispatchAt })
          .from(services)
          .where(eq(services.id, id))
      )[0]?.dispatchAt;
    const queued = await dispatchAtOf('queued-before');
    expect(queued?.getTime()).toBeGreaterThanOrEqual(upgradedAt - 1_000);
    expect(queued?.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await dispatchAtOf('scheduled-before'))?.getTime()).toBe(
      schedule.getTime() - 30 * 60_000,
    );
    expect(await dispatchAtOf('active-before')).toBeNull();
  });
});
