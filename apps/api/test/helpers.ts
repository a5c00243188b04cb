import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/env.ts';
import { IN_MEMORY_DATA_DIR, openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrateDatabase, resetDatabase } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/db/seed/index.ts';

/** A tiny stand-in for apps/web/dist with the five placeholder tags of apps/web/index.html. */
export const FIXTURE_WEB_DIST = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));

/**
 * What NODE_ENV=production needs besides to run the demo on purpose (decision 505), for tests of
 * other production defaults.
 */
export const PRODUCTION_DEMO = {
  DEMO_MODE: 'true',
  PUBLIC_ORIGIN: 'https://demo.auxilio.example',
} as const;

export interface TestApp {
  app: FastifyInstance;
  db: DatabaseHandle;
  config: Config;
  /** Closes the app, then the database. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Config fields to override (e.g. `webDistDir`). */
  config?: Partial<Config>;
  /** Runs before `app.ready()`: the place to register extra test routes. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
}

/** Config for tests: the environment's DATABASE_URL (if any), the fixture web build, no logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig(),
    dataDir: IN_MEMORY_DATA_DIR,
    pgliteDir: IN_MEMORY_DATA_DIR,
    logLevel: 'silent',
    webDistDir: FIXTURE_WEB_DIST,
    seedDemo: true,
    ...overrides,
  };
}

/**
 * Opens the test database (PostgreSQL at DATABASE_URL, reset first, or a fresh in-memory PGlite),
 * migrates and seeds it, and builds the app on it, ready for `app.inject`.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const db = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: IN_MEMORY_DATA_DIR },
  );
  try {
    if (db.kind === 'postgres') await resetDatabase(db);
    else await migrateDatabase(db);
    await seedDemoData(db);
    const app = await buildApp({ config, db, logger: false });
    await options.setup?.(app);
    await app.ready();
    return {
      app,
      db,
      config,
      close: async () => {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
