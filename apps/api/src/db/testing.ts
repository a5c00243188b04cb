import { loadConfig } from '../config/env.ts';
import { IN_MEMORY_DATA_DIR, openDatabase, type DatabaseHandle } from './client.ts';
import { migrateDatabase, resetDatabase } from './migrate.ts';

/**
 * For tests: PostgreSQL at DATABASE_URL (reset to an empty, migrated schema) when it is set, else a
 * fresh in-memory PGlite, migrated. PostgreSQL test files share one database: run them one at a time.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const { databaseUrl } = loadConfig();
  const handle = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: IN_MEMORY_DATA_DIR },
  );
  if (handle.kind === 'postgres') await resetDatabase(handle);
  else await migrateDatabase(handle);
  return handle;
}

/**
 * For tests and benchmarks that write services straight to the database: the least a service row
 * needs, a Puerto Rico road tow breakdown for Ana; the status and everything else as the caller sets
 * them or the columns default.
 */
export function towBreakdownRow(id: string, accountId: string, tokenHash: string) {
  return {
    id,
    accountId,
    branch: 'PR',
    situation: 'towBreakdown',
    serviceType: 'road',
    firstname: 'Ana',
    tokenHash,
  };
}
