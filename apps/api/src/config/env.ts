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
  // --- Security (issue 4; docs/decisions/470-474) ---
  /** Rate limits per client IP (decision 471); default on, except NODE_ENV=test. Benchmarks: false. */
  RATE_LIMIT_ENABLED: emptyAsUnset(z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional()),
  RATE_LIMIT_WINDOW_SECONDS: emptyAsUnset(z.coerce.number().int().min(1).max(86_400).default(60)),
  /** Requests per window, per IP and route: most routes (service reads, polling, SSE opens). */
  RATE_LIMIT_MAX: emptyAsUnset(z.coerce.number().int().min(1).default(600)),
  /** Creation and charges (service requests, payments, tips, share links). */
  RATE_LIMIT_STRICT_MAX: emptyAsUnset(z.coerce.number().int().min(1).default(30)),
  /** The PWA's files, brand assets and /map tiles. */
  RATE_LIMIT_STATIC_MAX: emptyAsUnset(z.coerce.number().int().min(1).default(6000)),
  /** Shared rate-limit counters across replicas (redis://...); in memory without it. */
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  /** Largest request body in bytes (413 above it). */
  BODY_LIMIT_BYTES: emptyAsUnset(z.coerce.number().int().min(1024).default(65_536)),
  /** Extra origins allowed by CORS, comma-separated (https://partner.example). */
  CORS_ORIGINS: optionalString,
  /** Extra hosts of map tiles, sprites and glyphs for the CSP, comma-separated origins. */
  MAP_ASSET_ORIGINS: optionalString,
  /** Optional MapLibre style URL; without it the PWA uses the bundled demo map. */
  MAP_STYLE_URL: optionalString.pipe(z.url().optional()),
  /** Stripe publishable key for the PWA's Elements; needed with PAYMENT_PROVIDER=stripe. */
  STRIPE_PUBLISHABLE_KEY: optionalString,
  // Payments (ARCHITECTURE 7 "card payment" and "mobile payment"; decisions 430-433): the embedded
  // sandboxes unless a provider is named; its keys are then required.
  PAYMENT_PROVIDER: emptyAsUnset(z.enum(['sandbox', 'stripe']).default('sandbox')),
  STRIPE_SECRET_KEY: optionalString,
  /** Tests and proxies: another host for the Stripe API, e.g. http://127.0.0.1:4010. */
  STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  MOBILE_PAYMENT_PROVIDER: emptyAsUnset(z.enum(['sandbox', 'athmovil']).default('sandbox')),
  ATHMOVIL_PUBLIC_TOKEN: optionalString,
  ATHMOVIL_PRIVATE_TOKEN: optionalString,
  ATHMOVIL_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Run the demo driver simulator (ARCHITECTURE decision 8); default on, except NODE_ENV=test. */
  DRIVER_SIMULATOR: emptyAsUnset(z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional()),
  // --- Web Push (ARCHITECTURE decision 7 "push"; docs/decisions/450): VAPID keys from here, else
  // generated on first run and kept in DATA_DIR (per process with DATA_DIR=memory://). ---
  /** Base64url of the uncompressed P-256 public key (65 bytes); set together with the private key. */
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'Expected a base64url P-256 public key')
      .optional(),
  ),
  /** Base64url of the 32-byte private key. */
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'Expected a base64url 32-byte private key')
      .optional(),
  ),
  /** Who runs this server, for the push services (RFC 8292): a mailto: or https: URL. */
  VAPID_SUBJECT: emptyAsUnset(
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'Expected a mailto: or https: URL')
      .default('mailto:push@auxilio.example'),
  ),
  PUSH_TIMEOUT_MS: emptyAsUnset(z.coerce.number().int().min(50).max(60_000).default(5000)),
  // --- Member sign-in (SPEC 7 /api/mmm-openid/token; docs/decisions/460): the bundled identity
  // provider under /oidc unless OIDC_ISSUER names a production OpenID Connect provider (discovery). ---
  OIDC_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: optionalString.transform((value) => value ?? 'auxilio-pwa'),
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_SCOPE: optionalString.transform((value) => value ?? 'openid profile'),
  /** Browser /authorize URL of OIDC_ISSUER when it is not `${OIDC_ISSUER}/authorize`. */
  OIDC_AUTHORIZE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Issuer URL of the bundled provider; default: this server's loopback address + /oidc. */
  OIDC_EMBEDDED_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Comma-separated PWA origins the bundled provider may redirect to (default: loopback origins). */
  OIDC_REDIRECT_ORIGINS: optionalString,
  /** Comma-separated cookie signing keys and a JWKS (JSON) of the bundled provider; else generated. */
  OIDC_COOKIE_KEYS: optionalString,
  OIDC_JWKS: optionalString,
  /** Timeout of each call to the identity provider (SPEC 9 "timeout constant 5000"). */
  OIDC_TIMEOUT_MS: emptyAsUnset(z.coerce.number().int().min(50).max(60_000).default(5000)),
  // --- Maps providers (ARCHITECTURE decision 7; docs/decisions/420). Embedded needs no network. ---
  GEO_PROVIDER: emptyAsUnset(
    z.enum(['embedded', 'google', 'photon', 'nominatim']).default('embedded'),
  ),
  ROUTE_PROVIDER: emptyAsUnset(z.enum(['estimate', 'google', 'osrm']).default('estimate')),
  GOOGLE_MAPS_API_KEY: optionalString,
  /** Base URL overrides (tests point them at local fixture servers). */
  GOOGLE_PLACES_URL: emptyAsUnset(z.url().default('https://places.googleapis.com')),
  GOOGLE_GEOCODING_URL: emptyAsUnset(z.url().default('https://maps.googleapis.com')),
  GOOGLE_ROUTES_URL: emptyAsUnset(z.url().default('https://routes.googleapis.com')),
  PHOTON_URL: optionalString.pipe(z.url().optional()),
  NOMINATIM_URL: optionalString.pipe(z.url().optional()),
  /** Nominatim's usage policy requires an identifying User-Agent and at most 1 request/s. */
  NOMINATIM_USER_AGENT: optionalString.transform((value) => value ?? 'Auxilio-API/1.0'),
  NOMINATIM_MIN_INTERVAL_MS: emptyAsUnset(z.coerce.number().int().min(0).max(60_000).default(1000)),
  OSRM_URL: optionalString.pipe(z.url().optional()),
  MAPS_TIMEOUT_MS: emptyAsUnset(z.coerce.number().int().min(50).max(60_000).default(5000)),
  // --- Storage service (ARCHITECTURE decision 7 "file uploads"; docs/decisions/403-404): local disk
  // with HMAC-signed URLs by default, S3-compatible presigned URLs with STORAGE_DRIVER=s3. ---
  STORAGE_DRIVER: emptyAsUnset(z.enum(['local', 's3']).default('local')),
  STORAGE_DIR: optionalString,
  /** HMAC key of the local store's URLs; unset: generated once and kept in DATA_DIR. */
  STORAGE_SIGNING_SECRET: optionalString.pipe(z.string().min(32).optional()),
  STORAGE_URL_EXPIRES_SECONDS: emptyAsUnset(
    z.coerce.number().int().min(1).max(604_800).default(900),
  ),
  STORAGE_MAX_UPLOAD_BYTES: emptyAsUnset(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(100 * 1024 * 1024)
      .default(10 * 1024 * 1024),
  ),
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalString,
  S3_REGION: emptyAsUnset(z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  // --- Messaging (ARCHITECTURE decision 7 "SMS" and "e-mail"; docs/decisions/440-443): without
  // SMS_PROVIDER=twilio or SMTP_URL the messages stay in the outbox table and the log. ---
  SMS_PROVIDER: emptyAsUnset(z.enum(['outbox', 'twilio']).default('outbox')),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  /** Sender number in E.164, or a Messaging Service SID (MG...). */
  TWILIO_FROM: optionalString,
  TWILIO_API_BASE: emptyAsUnset(z.url({ protocol: /^https?$/ }).default('https://api.twilio.com')),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'Expected an smtp:// or smtps:// URL')
      .optional(),
  ),
  EMAIL_FROM: optionalString,
  /** Operations mailbox that receives the cancellation e-mails (docs/decisions/441). */
  CANCELLATION_EMAIL_TO: optionalString.pipe(z.email().optional()),
  MESSAGING_TIMEOUT_MS: emptyAsUnset(z.coerce.number().int().min(50).max(60_000).default(10_000)),
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
  /** Rate limits, body limit, CORS and CSP inputs (docs/decisions/470-474). */
  security: SecurityConfig;
  mapStyleUrl: string | undefined;
  stripePublishableKey: string | undefined;
  /** Card and mobile payment providers (decisions 430-433). */
  payments: PaymentsConfig;
  /** Start the driver simulator with the server (docs/decisions/232). */
  driverSimulator: boolean;
  /** Web Push status notifications (docs/decisions/450). */
  push: PushConfig;
  /** Member sign-in (docs/decisions/460). */
  identity: IdentityConfig;
  /** Address search, reverse geocoding and routing providers (docs/decisions/420). */
  maps: MapsConfig;
  /** The storage service's object store (docs/decisions/403-404). */
  storage: StorageConfig;
  /** SMS and e-mail adapters (docs/decisions/440-443). */
  messaging: MessagingConfig;
}

export interface MapsConfig {
  geoProvider: 'embedded' | 'google' | 'photon' | 'nominatim';
  routeProvider: 'estimate' | 'google' | 'osrm';
  /** Never logged nor returned: only the Google adapters read it. */
  googleApiKey: string | undefined;
  googlePlacesUrl: string;
  googleGeocodingUrl: string;
  googleRoutesUrl: string;
  photonUrl: string | undefined;
  nominatimUrl: string | undefined;
  nominatimUserAgent: string;
  nominatimMinIntervalMs: number;
  osrmUrl: string | undefined;
  /** Timeout of every outbound maps call. */
  timeoutMs: number;
}

/** The settings each chosen maps provider cannot work without (a ConfigError names them). */
function missingMapsSettings(e: z.infer<typeof EnvSchema>): string[] {
  const needs: [boolean, string, unknown][] = [
    [
      e.GEO_PROVIDER === 'google' || e.ROUTE_PROVIDER === 'google',
      'GOOGLE_MAPS_API_KEY',
      e.GOOGLE_MAPS_API_KEY,
    ],
    [e.GEO_PROVIDER === 'photon', 'PHOTON_URL', e.PHOTON_URL],
    [e.GEO_PROVIDER === 'nominatim', 'NOMINATIM_URL', e.NOMINATIM_URL],
    [e.ROUTE_PROVIDER === 'osrm', 'OSRM_URL', e.OSRM_URL],
  ];
  return needs
    .filter(([needed, , value]) => needed && value === undefined)
    .map(
      ([, name]) =>
        `${name}: required by GEO_PROVIDER=${e.GEO_PROVIDER} ROUTE_PROVIDER=${e.ROUTE_PROVIDER}`,
    );
}

/** The card provider: the embedded sandbox, or Stripe with both keys (decision 430). */
export type CardPaymentConfig =
  | { provider: 'sandbox' }
  | { provider: 'stripe'; secretKey: string; publishableKey: string; apiBase: string | undefined };

/** The mobile payment provider: the embedded sandbox, or ATH Móvil with its tokens (decision 433). */
export type MobilePaymentConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'athmovil';
      publicToken: string;
      privateToken: string;
      apiBase: string | undefined;
    };

export interface PaymentsConfig {
  card: CardPaymentConfig;
  mobile: MobilePaymentConfig;
}

/** OIDC_* variables: `issuer` set means a production provider, otherwise the bundled one. */
export interface IdentityConfig {
  issuer: string | undefined;
  clientId: string;
  clientSecret: string | undefined;
  scope: string;
  authorizeUrl: string | undefined;
  embeddedIssuer: string | undefined;
  /** Empty: the loopback origins of the port the server listens on. */
  redirectOrigins: string[];
  cookieKeys: string[] | undefined;
  jwks: string | undefined;
  timeoutMs: number;
}

/** Thrown when the environment is invalid; the message lists every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `a, b,,c` -> ['a', 'b', 'c']. */
function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
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
  const missingMaps = missingMapsSettings(e);
  if (missingMaps.length > 0) {
    throw new ConfigError(`Invalid environment: ${missingMaps.join('; ')}`);
  }
  const payments = paymentsConfig(e);
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
    security: securityConfig(e),
    mapStyleUrl: e.MAP_STYLE_URL,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    payments,
    storage: storageConfig(e, inMemory ? undefined : dataDir),
    // Tests build many apps on shared databases: a simulator there would move their services.
    driverSimulator:
      e.DRIVER_SIMULATOR === undefined
        ? e.NODE_ENV !== 'test'
        : ['true', '1', 'yes'].includes(e.DRIVER_SIMULATOR),
    push: pushConfig(e),
    identity: {
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      scope: e.OIDC_SCOPE,
      authorizeUrl: e.OIDC_AUTHORIZE_URL,
      embeddedIssuer: e.OIDC_EMBEDDED_ISSUER,
      redirectOrigins: commaList(e.OIDC_REDIRECT_ORIGINS),
      cookieKeys: e.OIDC_COOKIE_KEYS ? commaList(e.OIDC_COOKIE_KEYS) : undefined,
      jwks: e.OIDC_JWKS,
      timeoutMs: e.OIDC_TIMEOUT_MS,
    },
    maps: {
      geoProvider: e.GEO_PROVIDER,
      routeProvider: e.ROUTE_PROVIDER,
      googleApiKey: e.GOOGLE_MAPS_API_KEY,
      googlePlacesUrl: e.GOOGLE_PLACES_URL,
      googleGeocodingUrl: e.GOOGLE_GEOCODING_URL,
      googleRoutesUrl: e.GOOGLE_ROUTES_URL,
      photonUrl: e.PHOTON_URL,
      nominatimUrl: e.NOMINATIM_URL,
      nominatimUserAgent: e.NOMINATIM_USER_AGENT,
      nominatimMinIntervalMs: e.NOMINATIM_MIN_INTERVAL_MS,
      osrmUrl: e.OSRM_URL,
      timeoutMs: e.MAPS_TIMEOUT_MS,
    },
    messaging: messagingConfig(e),
  };
}

/** The payment providers of the environment; a named provider without its keys is a ConfigError. */
function paymentsConfig(e: z.infer<typeof EnvSchema>): PaymentsConfig {
  const missing = (names: [string, string | undefined][]) =>
    names.filter(([, value]) => value === undefined).map(([name]) => name);
  const cardMissing =
    e.PAYMENT_PROVIDER === 'stripe'
      ? missing([
          ['STRIPE_SECRET_KEY', e.STRIPE_SECRET_KEY],
          ['STRIPE_PUBLISHABLE_KEY', e.STRIPE_PUBLISHABLE_KEY],
        ])
      : [];
  const mobileMissing =
    e.MOBILE_PAYMENT_PROVIDER === 'athmovil'
      ? missing([
          ['ATHMOVIL_PUBLIC_TOKEN', e.ATHMOVIL_PUBLIC_TOKEN],
          ['ATHMOVIL_PRIVATE_TOKEN', e.ATHMOVIL_PRIVATE_TOKEN],
        ])
      : [];
  const absent = [...cardMissing, ...mobileMissing];
  if (absent.length > 0) {
    throw new ConfigError(`Invalid environment: ${absent.join(', ')} required by the provider`);
  }
  return {
    card:
      e.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY ?? '',
            publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
            apiBase: e.STRIPE_API_BASE,
          }
        : { provider: 'sandbox' },
    mobile:
      e.MOBILE_PAYMENT_PROVIDER === 'athmovil'
        ? {
            provider: 'athmovil',
            publicToken: e.ATHMOVIL_PUBLIC_TOKEN ?? '',
            privateToken: e.ATHMOVIL_PRIVATE_TOKEN ?? '',
            apiBase: e.ATHMOVIL_API_BASE,
          }
        : { provider: 'sandbox' },
  };
}

// --- Security (issue 4; docs/decisions/470-474) ---

export interface RateLimitConfig {
  enabled: boolean;
  windowMs: number;
  max: number;
  strictMax: number;
  staticMax: number;
  /** Counters in Redis (shared by replicas) when set; in process memory otherwise. */
  redisUrl: string | undefined;
  /** Key prefix of the Redis counters (tests isolate themselves with their own). */
  redisNamespace: string;
}

export interface SecurityConfig {
  rateLimit: RateLimitConfig;
  bodyLimitBytes: number;
  /** Origins allowed by CORS besides the brand hosts and the app's own origin. */
  corsOrigins: string[];
  /** Origins the CSP allows for map tiles, sprites and glyphs besides MAP_STYLE_URL's. */
  mapAssetOrigins: string[];
}

/** `https://a.example, https://b.example:8443/` → their origins; a value that is not a URL fails. */
function originList(name: string, value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const parsed = URL.canParse(item) ? new URL(item) : undefined;
      if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
        throw new ConfigError(`Invalid environment: ${name}: '${item}' is not an http(s) origin`);
      }
      return parsed.origin;
    });
}

function securityConfig(e: z.infer<typeof EnvSchema>): SecurityConfig {
  return {
    rateLimit: {
      enabled:
        e.RATE_LIMIT_ENABLED === undefined
          ? e.NODE_ENV !== 'test'
          : ['true', '1', 'yes'].includes(e.RATE_LIMIT_ENABLED),
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
      max: e.RATE_LIMIT_MAX,
      strictMax: e.RATE_LIMIT_STRICT_MAX,
      staticMax: e.RATE_LIMIT_STATIC_MAX,
      redisUrl: e.REDIS_URL,
      redisNamespace: 'auxilio-rate-limit:',
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    corsOrigins: originList('CORS_ORIGINS', e.CORS_ORIGINS),
    mapAssetOrigins: originList('MAP_ASSET_ORIGINS', e.MAP_ASSET_ORIGINS),
  };
}

/** Web Push settings (docs/decisions/450). */
export interface PushConfig {
  /** Both VAPID keys from the environment, or undefined: generated and kept in DATA_DIR. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /** Timeout of each request to a push service. */
  timeoutMs: number;
  /** Subscriptions may name http and loopback endpoints (local push services); never in production. */
  allowLoopbackEndpoints: boolean;
}

function pushConfig(e: z.infer<typeof EnvSchema>): PushConfig {
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all',
    );
  }
  return {
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT,
    timeoutMs: e.PUSH_TIMEOUT_MS,
    allowLoopbackEndpoints: e.NODE_ENV !== 'production',
  };
}

// --- Storage service (issue 4; docs/decisions/403-404) ---

export interface S3StorageConfig {
  /** S3-compatible endpoint (MinIO, R2, ...); undefined: AWS for the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface StorageConfig {
  driver: 'local' | 's3';
  /** The local store's folder; undefined with an in-memory DATA_DIR (a temporary folder is used). */
  dir: string | undefined;
  /** HMAC key of the local store's URLs; undefined: generated once and kept in `secretDir`. */
  signingSecret: string | undefined;
  /** Where a generated signing secret is kept (DATA_DIR); undefined: kept in memory only. */
  secretDir: string | undefined;
  /** Lifetime of a signed URL, in seconds. */
  urlExpiresSeconds: number;
  /** Largest accepted upload, in bytes. */
  maxUploadBytes: number;
  s3: S3StorageConfig | undefined;
}

/** STORAGE_DRIVER=s3 without its bucket and keys is a ConfigError, not a silent local store. */
function storageConfig(e: z.infer<typeof EnvSchema>, dataDir: string | undefined): StorageConfig {
  const s3 = {
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const absent = Object.entries(s3).filter(([, value]) => value === undefined);
  if (e.STORAGE_DRIVER === 's3' && absent.length > 0) {
    const names = absent.map(([name]) => name).join(', ');
    throw new ConfigError(`Invalid environment: ${names} required by STORAGE_DRIVER=s3`);
  }
  return {
    driver: e.STORAGE_DRIVER,
    dir: e.STORAGE_DIR
      ? resolveFromRepoRoot(e.STORAGE_DIR)
      : dataDir && resolve(dataDir, 'storage'),
    signingSecret: e.STORAGE_SIGNING_SECRET,
    secretDir: dataDir,
    urlExpiresSeconds: e.STORAGE_URL_EXPIRES_SECONDS,
    maxUploadBytes: e.STORAGE_MAX_UPLOAD_BYTES,
    s3:
      e.STORAGE_DRIVER === 's3'
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
          }
        : undefined,
  };
}

// --- Messaging (issue 4; docs/decisions/440-443) ---

export type SmsConfig =
  | { provider: 'outbox' }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiBase: string };

export interface EmailConfig {
  /** SMTP server of the e-mail adapter; undefined keeps e-mails in the outbox. */
  smtpUrl: string | undefined;
  from: string;
  cancellationTo: string | undefined;
}

export interface MessagingConfig {
  sms: SmsConfig;
  email: EmailConfig;
  /** Timeout of each call to Twilio and of each SMTP wait. */
  timeoutMs: number;
}

/** A named adapter without its settings is a ConfigError, not a silent outbox. */
function messagingConfig(e: z.infer<typeof EnvSchema>): MessagingConfig {
  const required = (names: [string, string | undefined][]) =>
    names.filter(([, value]) => value === undefined).map(([name]) => name);
  const absent = [
    ...(e.SMS_PROVIDER === 'twilio'
      ? required([
          ['TWILIO_ACCOUNT_SID', e.TWILIO_ACCOUNT_SID],
          ['TWILIO_AUTH_TOKEN', e.TWILIO_AUTH_TOKEN],
          ['TWILIO_FROM', e.TWILIO_FROM],
        ])
      : []),
    ...(e.SMTP_URL === undefined
      ? []
      : required([
          ['EMAIL_FROM', e.EMAIL_FROM],
          ['CANCELLATION_EMAIL_TO', e.CANCELLATION_EMAIL_TO],
        ])),
  ];
  if (absent.length > 0) {
    throw new ConfigError(
      `Invalid environment: ${absent.join(', ')} required by the messaging adapters`,
    );
  }
  return {
    sms:
      e.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio',
            accountSid: e.TWILIO_ACCOUNT_SID ?? '',
            authToken: e.TWILIO_AUTH_TOKEN ?? '',
            from: e.TWILIO_FROM ?? '',
            apiBase: e.TWILIO_API_BASE,
          }
        : { provider: 'outbox' },
    email: {
      smtpUrl: e.SMTP_URL,
      from: e.EMAIL_FROM ?? 'Auxilio <no-reply@auxilio.localhost>',
      cancellationTo: e.CANCELLATION_EMAIL_TO,
    },
    timeoutMs: e.MESSAGING_TIMEOUT_MS,
  };
}
