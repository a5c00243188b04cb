import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { statementsOnTheirOwnTurn } from './pglite-turns.ts';
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
  | { kind: 'postgres'; db: NodePgDatabase<Schema>; url: string };

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
 * The node-postgres settings of this API (docs/decisions/495): a bounded pool whose dead clients
 * are dropped; a connection attempt and a query each have a time limit, so that during an outage a
 * request fails quickly (503) instead of holding its socket.
 */
export const POSTGRES_POOL_SETTINGS = {
  max: 10,
  connectionTimeoutMillis: 3_000,
  idleTimeoutMillis: 30_000,
  query_timeout: 15_000,
  keepAlive: true,
} as const;

/**
 * LISTEN that survives a database restart (decisions 491, 495): one client of its own LISTENs; when
 * it errors or ends, or when the probe NOTIFY it sends itself through the pool every
 * LISTEN_CHECK_MS does not come back (a connection that died silently), it is dropped and a new
 * one listens, until that works. `state` hears when notifications stop and start again.
 */
async function keepListening(
  url: string,
  pool: pg.Pool,
  channel: string,
  onPayload: (payload: string) => void,
  state: ListenStateListener | undefined,
): Promise<() => Promise<void>> {
  // No ':' in it: the service event bus reads `<serviceId>:<seq>` payloads and ignores the rest.
  const probe = `listen-check ${randomUUID()}`;
  let listener: pg.Client | undefined;
  let heard = true;
  let checking = false;
  let stopped = false;

  const drop = (client: pg.Client) => {
    if (listener !== client) return;
    listener = undefined;
    state?.lost();
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    // Listen again straight away rather than at the next check.
    void check();
  };
  const subscribe = async () => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: POSTGRES_POOL_SETTINGS.connectionTimeoutMillis,
      keepAlive: true,
    });
    // A lost connection is an 'error' event on an idle client: handled here, never thrown.
    client.on('error', () => {
      drop(client);
    });
    client.on('end', () => {
      drop(client);
    });
    client.on('notification', (message) => {
      if (message.channel !== channel) return;
      if (message.payload === probe) heard = true;
      else if (message.payload !== undefined) onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    listener = client;
    heard = true;
  };
  async function check(): Promise<void> {
    if (checking || stopped) return;
    checking = true;
    try {
      if (listener && !heard) drop(listener);
      if (!listener) {
        await subscribe();
        state?.resumed();
      }
      heard = false;
      await pool.query('select pg_notify($1, $2)', [channel, probe]);
    } catch {
      // The database is still down: the next check tries again.
    } finally {
      checking = false;
    }
  }

  await subscribe();
  const timer = setInterval(() => void check(), LISTEN_CHECK_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    const client = listener;
    listener = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await withinMs(client.end(), CLOSE_WITHIN_MS);
    }
  };
}

/** How long closing the PostgreSQL pool may take before the process goes on without it. */
const CLOSE_WITHIN_MS = 2_000;

/** Waits for `work` at most `ms`; whatever is still running then is left to the process's end. */
async function withinMs(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

/**
 * The embedded database's buffer pool: 64 MB, twice the demo data set, rather than PostgreSQL's
 * default 128 MB. PGlite fills the whole pool when it starts, so every start (a restart, each test
 * database) is about 0.2 s shorter and the process about 70 MB smaller; creating services is as fast.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB'];

/** The dataDir value for a throw-away in-memory database (tests). */
export const IN_MEMORY_DATA_DIR = 'memory://';

/**
 * A dump of a freshly initialised PGlite cluster (no schema yet). Once given, every in-memory
 * database starts as a copy of it instead of running initdb again, which takes seconds on a busy
 * machine; the API tests open hundreds. Migrations and seeds still run on every copy.
 */
let emptyClusterDump: Blob | undefined;

export function startInMemoryDatabasesFrom(dump: Blob): void {
  emptyClusterDump = dump;
}

/**
 * Opens PostgreSQL when `url` is set (node-postgres pool), else PGlite in `dataDir` (created when missing;
 * `memory://` keeps it in memory). Migrations are not run here: call migrateDatabase.
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir?: string | undefined;
  /** Told of a PostgreSQL connection lost while idle (the pool has dropped it already). */
  onConnectionError?: ((error: Error) => void) | undefined;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const url = options.url;
    const pool = new pg.Pool({ connectionString: url, ...POSTGRES_POOL_SETTINGS });
    // A pooled client whose connection is lost while idle is dropped by the pool, which reports it
    // here; without a listener node-postgres would throw it as an uncaught error.
    pool.on('error', (error) => {
      options.onConnectionError?.(error);
    });
    // A client checked out of the pool (a transaction) has no pool listener while it is out: a lost
    // connection would be thrown as an uncaught 'error'. Its queries fail on their own and the pool
    // drops it when it comes back, so the event only needs a listener.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        options.onConnectionError?.(error);
      });
    });
    const db = drizzleNodePostgres({ client: pool, schema });
    const unlistens = new Set<() => Promise<void>>();
    let closed = false;
    const handle: DatabaseHandle = {
      db,
      kind: 'postgres',
      close: async () => {
        if (closed) return;
        closed = true;
        // Bounded: a stop must not wait on a query still running or a client still checked out.
        await withinMs(
          Promise.all([...unlistens].map((unlisten) => unlisten())).then(() => pool.end()),
          CLOSE_WITHIN_MS,
        );
      },
      listen: async (channel, onPayload, state) => {
        const stop = await keepListening(url, pool, channel, onPayload, state);
        const unlisten = async () => {
          unlistens.delete(unlisten);
          await stop();
        };
        unlistens.add(unlisten);
        return unlisten;
      },
    };
    nativeDatabases.set(handle, { kind: 'postgres', db, url });
    return handle;
  }
  const dataDir = options.dataDir;
  if (!dataDir) {
    throw new Error('openDatabase needs a PostgreSQL url or a PGlite dataDir');
  }
  if (!dataDir.includes('://')) {
    await mkdir(dataDir, { recursive: true });
  }
  const client = statementsOnTheirOwnTurn(
    dataDir === IN_MEMORY_DATA_DIR && emptyClusterDump
      ? await PGlite.create({ loadDataDir: emptyClusterDump, startParams: PGLITE_START_PARAMS })
      : await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS }),
  );
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
