import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres, { type Sql } from 'postgres';
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
   * the matching UNLISTEN. On PostgreSQL it listens on a connection of its own and listens again
   * after the database comes back (keepListening).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    state?: ListenStateListener,
  ): Promise<() => Promise<void>>;
}

/**
 * Told when a PostgreSQL LISTEN stops hearing its channel (the database went away) and when it
 * hears it again: notifications sent in between are lost, so the caller re-reads what it follows.
 */
export interface ListenStateListener {
  lost(): void;
  resumed(): void;
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

/** How often a PostgreSQL LISTEN checks that it still hears its channel (docs/decisions/491). */
const LISTEN_CHECK_MS = 2_000;

/**
 * LISTEN that survives a database restart (issue 4): postgres-js re-listens once when its LISTEN
 * connection drops and gives up for good if PostgreSQL is still down then. So every LISTEN_CHECK_MS
 * this sends itself a probe NOTIFY through the pool; when the previous probe never came back, it
 * drops its listening client and listens again on a new one, until that works.
 */
async function keepListening(
  url: string,
  pool: Sql,
  channel: string,
  onPayload: (payload: string) => void,
  state: ListenStateListener | undefined,
): Promise<() => Promise<void>> {
  // No ':' in it: the service event bus reads `<serviceId>:<seq>` payloads and ignores the rest.
  const probe = `listen-check ${randomUUID()}`;
  let listener: Sql | undefined;
  let heard = true;
  let checking = false;
  let stopped = false;
  const onNotify = (payload: string) => {
    if (payload === probe) heard = true;
    else onPayload(payload);
  };
  const subscribe = async () => {
    const next = postgres(url, { max: 1, onnotice: () => undefined });
    try {
      await next.listen(channel, onNotify);
      listener = next;
    } catch (error) {
      await next.end({ timeout: 0 });
      throw error;
    }
  };
  const check = async () => {
    if (checking || stopped) return;
    checking = true;
    try {
      if (!heard || !listener) {
        const lost = listener;
        listener = undefined;
        if (lost) state?.lost();
        await lost?.end({ timeout: 0 });
        await subscribe();
        state?.resumed();
      }
      heard = false;
      await pool`select pg_notify(${channel}, ${probe})`;
    } catch {
      // The database is still down: the next check tries again.
    } finally {
      checking = false;
    }
  };
  await subscribe();
  const timer = setInterval(() => void check(), LISTEN_CHECK_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await listener?.end({ timeout: 5 });
  };
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
    const url = options.url;
    const client = postgres(url, { max: 10, onnotice: () => undefined });
    const db = drizzlePostgres({ client, schema });
    const unlistens = new Set<() => Promise<void>>();
    const handle: DatabaseHandle = {
      db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([...unlistens].map((unlisten) => unlisten()));
        await client.end({ timeout: 5 });
      },
      listen: async (channel, onPayload, state) => {
        const stop = await keepListening(url, client, channel, onPayload, state);
        const unlisten = async () => {
          unlistens.delete(unlisten);
          await stop();
        };
        unlistens.add(unlisten);
        return unlisten;
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
