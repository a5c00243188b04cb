import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// CONVENTIONS "State and data": environment parsed once with zod; no `process.env` anywhere else.

/** apps/api: defaults are resolved from here, not from the working directory (npm -w changes it). */
export const API_PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The monorepo root; relative paths given in the environment are resolved against it. */
export const REPO_ROOT = resolve(API_PACKAGE_ROOT, '../..');

/** Demo value of the public app key (ARCHITECTURE decision 9: the key is public, it names the app). */
export const DEMO_APP_KEY = 'auxilio-demo-public-app-key';

/** An empty variable counts as unset (`DATABASE_URL= npm test` means "no PostgreSQL"). */
const emptyAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );

const optionalString = emptyAsUnset(z.string().optional());

const booleanFlag = (fallback: boolean) =>
  emptyAsUnset(
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .optional()
      .transform((value) =>
        value === undefined ? fallback : ['true', '1', 'yes'].includes(value),
      ),
  );

const EnvSchema = z.object({
  NODE_ENV: emptyAsUnset(z.enum(['development', 'production', 'test']).default('development')),
  PORT: emptyAsUnset(z.coerce.number().int().min(0).max(65535).default(3000)),
  // Loopback only unless asked otherwise (docs/decisions/161): `localhost` binds 127.0.0.1 and ::1 so
  // that honda.localhost works in browsers that try IPv6 first. Containers set HOST=0.0.0.0.
  HOST: optionalString.transform((value) => value ?? 'localhost'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'Expected a postgres:// URL')
      .optional(),
  ),
  DATA_DIR: optionalString,
  LOG_LEVEL: emptyAsUnset(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  APP_KEY: optionalString.transform((value) => value ?? DEMO_APP_KEY),
  WEB_DIST_DIR: optionalString,
  SEED_DEMO: booleanFlag(true),
  /** Behind a reverse proxy: trust X-Forwarded-For/-Host/-Proto (the host decides the brand). */
  TRUST_PROXY: booleanFlag(false),
  /** Optional MapLibre style URL; without it the PWA uses the bundled demo map. */
  MAP_STYLE_URL: optionalString.pipe(z.url().optional()),
  /** Optional Stripe publishable key; without it card payments use the sandbox provider. */
  STRIPE_PUBLISHABLE_KEY: optionalString,
  /** Run the demo driver simulator (ARCHITECTURE decision 8); default on, except NODE_ENV=test. */
  DRIVER_SIMULATOR: emptyAsUnset(z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional()),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `pgliteDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGlite data directory (DATA_DIR/pglite), or `memory://` for an in-memory database. */
  pgliteDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  appKey: string;
  /** The built PWA (vite build output) served at `/`. */
  webDistDir: string;
  seedDemo: boolean;
  trustProxy: boolean;
  mapStyleUrl: string | undefined;
  stripePublishableKey: string | undefined;
  /** Start the driver simulator with the server (docs/decisions/232). */
  driverSimulator: boolean;
}

/** Thrown when the environment is invalid; the message lists every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function resolveFromRepoRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

/**
 * Parses the environment once. Relative DATA_DIR and WEB_DIST_DIR are resolved from the repo root
 * (docs/decisions/161); `DATA_DIR=memory://` keeps the embedded database in memory.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const inMemory = e.DATA_DIR === 'memory://';
  const dataDir = inMemory
    ? 'memory://'
    : e.DATA_DIR
      ? resolveFromRepoRoot(e.DATA_DIR)
      : resolve(API_PACKAGE_ROOT, '.data');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgliteDir: inMemory ? 'memory://' : resolve(dataDir, 'pglite'),
    logLevel: e.LOG_LEVEL,
    appKey: e.APP_KEY,
    webDistDir: e.WEB_DIST_DIR
      ? resolveFromRepoRoot(e.WEB_DIST_DIR)
      : resolve(REPO_ROOT, 'apps/web/dist'),
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    mapStyleUrl: e.MAP_STYLE_URL,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    // Tests build many apps on shared databases: a simulator there would move their services.
    driverSimulator:
      e.DRIVER_SIMULATOR === undefined
        ? e.NODE_ENV !== 'test'
        : ['true', '1', 'yes'].includes(e.DRIVER_SIMULATOR),
  };
}
