import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema.ts';

// ARCHITECTURE decision 2: PostgreSQL dialect everywhere; PGlite embedded by default, a real
// PostgreSQL through DATABASE_URL. Both drivers give the same Drizzle query builder, typed as `Db`.

export type Schema = typeof schema;

/** Drizzle database for either driver. Results of raw `db.execute` differ by driver: use the builder. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * LISTEN on `channel` (ARCHITECTURE decision 3): `onPayload` gets each NOTIFY payload; resolves to
   * the matching UNLISTEN. postgres-js listens on a connection of its own and re-listens after a drop.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

/** The driver-typed database behind a handle, for work that needs the driver (the migrators). */
export type NativeDatabase =
  | { kind: 'pglite'; db: PgliteDatabase<Schema> }
  | { kind: 'postgres'; db: PostgresJsDatabase<Schema>; url: string };

const nativeDatabases = new WeakMap<DatabaseHandle, NativeDatabase>();

/** The driver-typed database of a handle that openDatabase returned. */
export function nativeDatabaseOf(handle: DatabaseHandle): NativeDatabase {
  const native = nativeDatabases.get(handle);
  if (!native) throw new Error('This database handle was not opened by openDatabase');
  return native;
}

/** The dataDir value for a throw-away in-memory database (tests). */
export const IN_MEMORY_DATA_DIR = 'memory://';

/**
 * Opens PostgreSQL when `url` is set (postgres-js), else PGlite in `dataDir` (created when missing;
 * `memory://` keeps it in memory). Migrations are not run here: call migrateDatabase.
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir?: string | undefined;
}): Promise<DatabaseHandle> {
  if (options.url) {
    // Notices (e.g. "schema drizzle already exists, skipping") are noise in the logs.
    const client = postgres(options.url, { max: 10, onnotice: () => undefined });
    const db = drizzlePostgres({ client, schema });
    const handle: DatabaseHandle = {
      db,
      kind: 'postgres',
      close: () => client.end({ timeout: 5 }),
      listen: async (channel, onPayload) => {
        const listening = await client.listen(channel, onPayload);
        return () => listening.unlisten();
      },
    };
    nativeDatabases.set(handle, { kind: 'postgres', db, url: options.url });
    return handle;
  }
  const dataDir = options.dataDir;
  if (!dataDir) {
    throw new Error('openDatabase needs a PostgreSQL url or a PGlite dataDir');
  }
  if (!dataDir.includes('://')) {
    await mkdir(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema });
  let closed = false;
  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!closed) await unlisten();
      };
    },
  };
  nativeDatabases.set(handle, { kind: 'pglite', db });
  return handle;
}
