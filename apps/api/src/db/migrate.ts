import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { nativeDatabaseOf, POSTGRES_POOL_SETTINGS, type DatabaseHandle } from './client.ts';

/** Where drizzle's migrator records applied migrations (its defaults, named here for reset). */
const MIGRATIONS_SCHEMA = 'drizzle';
const MIGRATIONS_TABLE = '__drizzle_migrations';
/** Arbitrary constant key of the PostgreSQL advisory lock taken while migrating. */
const MIGRATION_LOCK_KEY = 4_207_311_042;

/**
 * The committed migrations folder: the nearest `drizzle/` with `meta/_journal.json`, walking up from
 * `from` (this module's directory by default), so it is found from src, from a bundle in dist and
 * from any test runner.
 */
export function findMigrationsFolder(
  from: string = dirname(fileURLToPath(import.meta.url)),
): string {
  let dir = from;
  for (;;) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`No drizzle/meta/_journal.json found above ${from}`);
    }
    dir = parent;
  }
}

/** Runs the committed SQL migrations that have not run yet (ARCHITECTURE decision 2: at start). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config: MigrationConfig = {
    migrationsFolder: findMigrationsFolder(),
    migrationsSchema: MIGRATIONS_SCHEMA,
    migrationsTable: MIGRATIONS_TABLE,
  };
  const native = nativeDatabaseOf(handle);
  if (native.kind === 'pglite') {
    await migratePglite(native.db, config);
    return;
  }
  // Several API replicas may start together (ARCHITECTURE decision 4): one migrates while the others
  // wait on an advisory lock, then find nothing left to do. The lock belongs to one session, so the
  // migration runs on its own single-connection client.
  const client = new pg.Client({
    connectionString: native.url,
    connectionTimeoutMillis: POSTGRES_POOL_SETTINGS.connectionTimeoutMillis,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzleNodePostgres({ client }), config);
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    // Ending the session also releases the lock when the migration failed.
    await client.end().catch(() => undefined);
  }
}

/**
 * Drops every table (schema public and the migration journal) and migrates again: an empty database.
 * On PostgreSQL the reset owns the database: other sessions working on it (a process of an earlier
 * test or a dev server still writing) are ended first, as a dropped table would fail them anyway, and
 * a drop that still meets a lock cycle (deadlock_detected) is tried again.
 */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (handle.kind === 'postgres') await endOtherSessions(handle);
      await handle.db.execute(sql.raw(`drop schema if exists ${MIGRATIONS_SCHEMA} cascade`));
      await handle.db.execute(sql.raw('drop schema if exists public cascade'));
      break;
    } catch (error) {
      if (attempt === 3 || !isDeadlock(error)) throw error;
    }
  }
  await handle.db.execute(sql.raw('create schema public'));
  // Same grant as a new PostgreSQL 15+ database: others may use the schema, only its owner creates in it.
  await handle.db.execute(sql.raw('grant usage on schema public to public'));
  await migrateDatabase(handle);
}

/**
 * Ends the other sessions on this database that are working or hold a transaction open: their locks
 * would block the drop. Idle sessions hold no lock and stay (this pool's own among them).
 */
async function endOtherSessions(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(
    sql.raw(
      'select pg_terminate_backend(pid) from pg_stat_activity ' +
        "where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'",
    ),
  );
}

function isDeadlock(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '40P01') return true;
  }
  return false;
}
