import { resolve } from 'node:path';
import { z } from 'zod';
import {
  API_PACKAGE_ROOT,
  ConfigError,
  NODE_ENVS,
  REPO_ROOT,
  booleanFlag,
  commaList,
  emptyAsUnset,
  optionalFlag,
  optionalString,
  resolveFromRepoRoot,
} from './env-values.ts';
import {
  checkDeploymentSettings,
  DEMO_APP_KEY,
  DEMO_OPERATOR_API_KEY,
  DEPLOYMENT_ENV,
  demoModeOf,
} from './deployment-config.ts';
import type { Config } from './config.ts';
import { IDENTITY_ENV, identityConfig } from './identity-config.ts';
import { BASEMAP_ENV, basemapConfig } from './basemap-config.ts';
import { MAPS_ENV, mapsConfig } from './maps-config.ts';
import { MESSAGING_ENV, messagingConfig } from './messaging-config.ts';
import { PAYMENTS_ENV, paymentsConfig } from './payments-config.ts';
import { PUSH_ENV, pushConfig } from './push-config.ts';
import { SECURITY_ENV, securityConfig } from './security-config.ts';
import { STORAGE_ENV, storageConfig } from './storage-config.ts';
import { TELEMETRY_ENV, telemetryConfig } from './telemetry-config.ts';

// CONVENTIONS "State and data": environment parsed once with zod; no `process.env` anywhere else.
// Each concern's variables, config types and checks live in its own *-config.ts file.

export { API_PACKAGE_ROOT, ConfigError, REPO_ROOT } from './env-values.ts';
export { DEMO_APP_KEY, DEMO_OPERATOR_API_KEY, demoModeWarning } from './deployment-config.ts';
export type { Config } from './config.ts';
export type { IdentityConfig } from './identity-config.ts';
export type { MapTilesConfig } from './basemap-config.ts';
export type { MapsConfig } from './maps-config.ts';
export type { EmailConfig, MessagingConfig, SmsConfig } from './messaging-config.ts';
export type { CardPaymentConfig, MobilePaymentConfig, PaymentsConfig } from './payments-config.ts';
export type { PushConfig } from './push-config.ts';
export type { RateLimitConfig, SecurityConfig } from './security-config.ts';
export type { S3StorageConfig, StorageConfig } from './storage-config.ts';
export type { TelemetryConfig } from './telemetry-config.ts';

const CORE_ENV = {
  NODE_ENV: emptyAsUnset(z.enum(NODE_ENVS).default('development')),
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
  /** The operator's bearer key (decision 600); a secret of at least 24 characters. */
  OPERATOR_API_KEY: optionalString.pipe(z.string().min(24).optional()),
  /** Key of the credentials this server derives (decision 476); unset: generated into DATA_DIR. */
  SERVER_SECRET: optionalString.pipe(z.string().min(32).optional()),
  WEB_DIST_DIR: optionalString,
  SEED_DEMO: booleanFlag(true),
  /** Behind a reverse proxy: trust X-Forwarded-For/-Host/-Proto (the host decides the brand). */
  TRUST_PROXY: booleanFlag(false),
  ...DEPLOYMENT_ENV,
};

// The key order is the order in which a ConfigError lists the bad variables.
const EnvSchema = z.object({
  ...CORE_ENV,
  ...SECURITY_ENV,
  /** Optional raster tile provider; without it the PWA draws the bundled demo map. */
  ...BASEMAP_ENV,
  ...PAYMENTS_ENV,
  /** Run the demo driver simulator (ARCHITECTURE decision 8); default on, except NODE_ENV=test. */
  DRIVER_SIMULATOR: optionalFlag,
  /** Driver ids the simulator leaves to a real phone (docs/decisions/760), comma separated. */
  DRIVER_SIMULATOR_SKIP: optionalString,
  /**
   * Run the dispatch engine in the API process (docs/decisions/760); default on, except
   * NODE_ENV=test. `off` when `npm run worker` runs it apart.
   */
  DISPATCH_ENGINE: emptyAsUnset(
    z
      .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
      .optional()
      .transform((value) =>
        value === undefined ? undefined : ['on', 'true', '1', 'yes'].includes(value),
      ),
  ),
  /** Seconds a driver has to answer an offer (docs/decisions/760). */
  DISPATCH_OFFER_SECONDS: emptyAsUnset(z.coerce.number().int().min(5).max(300).default(20)),
  ...PUSH_ENV,
  ...IDENTITY_ENV,
  ...MAPS_ENV,
  ...STORAGE_ENV,
  ...MESSAGING_ENV,
  ...TELEMETRY_ENV,
});

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
  // Maps, then payments, then the others in the order below: the first bad concern throws.
  const maps = mapsConfig(e);
  const payments = paymentsConfig(e);
  const inMemory = e.DATA_DIR === 'memory://';
  const dataDir = inMemory
    ? 'memory://'
    : e.DATA_DIR
      ? resolveFromRepoRoot(e.DATA_DIR)
      : resolve(API_PACKAGE_ROOT, '.data');
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgliteDir: inMemory ? 'memory://' : resolve(dataDir, 'pglite'),
    logLevel: e.LOG_LEVEL,
    appKey: e.APP_KEY,
    // The published demo key only where texts stay in the outbox: with a real SMS provider it
    // would let anyone text any number (decision 600).
    operatorApiKey:
      e.OPERATOR_API_KEY ??
      (demoModeOf(e.DEMO_MODE, e.NODE_ENV) && e.SMS_PROVIDER === 'outbox'
        ? DEMO_OPERATOR_API_KEY
        : undefined),
    serverSecret: e.SERVER_SECRET,
    serverSecretDir: inMemory ? undefined : dataDir,
    webDistDir: e.WEB_DIST_DIR
      ? resolveFromRepoRoot(e.WEB_DIST_DIR)
      : resolve(REPO_ROOT, 'apps/web/dist'),
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    publicOrigin: e.PUBLIC_ORIGIN,
    demoMode: demoModeOf(e.DEMO_MODE, e.NODE_ENV),
    security: securityConfig(e, e.NODE_ENV),
    mapTiles: basemapConfig(e),
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    payments,
    storage: storageConfig(e, inMemory ? undefined : dataDir),
    // Tests build many apps on shared databases: a simulator there would move their services.
    driverSimulator: e.DRIVER_SIMULATOR ?? e.NODE_ENV !== 'test',
    driverSimulatorSkip: commaList(e.DRIVER_SIMULATOR_SKIP),
    // Tests dispatch by hand (dispatchTick) on their shared databases.
    dispatchEngine: e.DISPATCH_ENGINE ?? e.NODE_ENV !== 'test',
    dispatchOfferSeconds: e.DISPATCH_OFFER_SECONDS,
    push: pushConfig(e),
    identity: identityConfig(e),
    maps,
    messaging: messagingConfig(e),
    telemetry: telemetryConfig(e, e.NODE_ENV),
  };
  // Decision 505: no demo setting in production unless DEMO_MODE says so; PUBLIC_ORIGIN there.
  checkDeploymentSettings(config);
  return config;
}
