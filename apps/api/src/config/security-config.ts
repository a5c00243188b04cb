import { z } from 'zod';
import {
  ConfigError,
  emptyAsUnset,
  optionalFlag,
  optionalString,
  type EnvValues,
  type NodeEnv,
} from './env-values.ts';

// --- Security: rate limits, body limit, stream caps, CORS and CSP (docs/decisions/470-474) ---

export const SECURITY_ENV = {
  /** Rate limits per client IP (decision 471); default on, except NODE_ENV=test. Benchmarks: false. */
  RATE_LIMIT_ENABLED: optionalFlag,
  RATE_LIMIT_WINDOW_SECONDS: emptyAsUnset(z.coerce.number().int().min(1).max(86_400).default(60)),
  /** Requests per window, per IP and route: most routes (service reads, polling, SSE opens). */
  RATE_LIMIT_MAX: emptyAsUnset(z.coerce.number().int().min(1).default(600)),
  /** Creation and charges (service requests, payments, tips, share links). */
  RATE_LIMIT_STRICT_MAX: emptyAsUnset(z.coerce.number().int().min(1).default(30)),
  /**
   * Lookups that answer about people, vehicles or drivers (contracts, vehicle services, member
   * vehicles, limit check, driver suggestions), shared by those routes: far below the default, so
   * they cannot be used to enumerate (decision 417).
   */
  RATE_LIMIT_LOOKUP_MAX: emptyAsUnset(z.coerce.number().int().min(1).default(30)),
  /** The PWA's files, brand assets and /map tiles. */
  RATE_LIMIT_STATIC_MAX: emptyAsUnset(z.coerce.number().int().min(1).default(6000)),
  /** Shared rate-limit counters across replicas (redis://...); in memory without it. */
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  /**
   * Longest wait for Redis on a request (decision 492); past it the request is counted in this
   * process until Redis answers again.
   */
  RATE_LIMIT_REDIS_TIMEOUT_MS: emptyAsUnset(z.coerce.number().int().min(10).max(5000).default(100)),
  /** Largest request body in bytes (413 above it). */
  BODY_LIMIT_BYTES: emptyAsUnset(z.coerce.number().int().min(1024).default(65_536)),
  /** Open event streams per service token (decision 500): two tabs plus dead sockets. */
  STREAM_MAX_PER_TOKEN: emptyAsUnset(z.coerce.number().int().min(1).default(6)),
  /** Open shared-link event streams per share token: a link goes to a few relatives. */
  STREAM_MAX_PER_SHARE_TOKEN: emptyAsUnset(z.coerce.number().int().min(1).default(30)),
  /** Open event streams per client address (IPv6 /64): many phones share one carrier address. */
  STREAM_MAX_PER_ADDRESS: emptyAsUnset(z.coerce.number().int().min(1).default(500)),
  /** Time for a client to send its request headers (408 and closed after it). */
  HEADERS_TIMEOUT_MS: emptyAsUnset(z.coerce.number().int().min(1000).default(15_000)),
  /** Time for a client to send its whole request, body included; a response may last longer. */
  REQUEST_TIMEOUT_MS: emptyAsUnset(z.coerce.number().int().min(1000).default(120_000)),
  /** Extra origins allowed by CORS, comma-separated (https://partner.example). */
  CORS_ORIGINS: optionalString,
  /** Extra hosts of map tiles for the CSP (e.g. a provider's CDN), comma-separated origins. */
  MAP_ASSET_ORIGINS: optionalString,
};

export interface RateLimitConfig {
  enabled: boolean;
  windowMs: number;
  max: number;
  strictMax: number;
  /** Per client IP across all the lookup routes together. */
  lookupMax: number;
  staticMax: number;
  /** Counters in Redis (shared by replicas) when set; in process memory otherwise. */
  redisUrl: string | undefined;
  /** Longest wait for Redis on a request, in ms; then counted in this process (decision 492). */
  redisTimeoutMs: number;
  /** Key prefix of the Redis counters (tests isolate themselves with their own). */
  redisNamespace: string;
}

/** Caps on open event streams, counted per process (decision 500). */
export interface StreamLimitsConfig {
  perServiceToken: number;
  perShareToken: number;
  /** Both kinds of stream together, per client address (IPv6: per /64). */
  perAddress: number;
}

export interface SecurityConfig {
  rateLimit: RateLimitConfig;
  bodyLimitBytes: number;
  streams: StreamLimitsConfig;
  /** Until the request headers have arrived; then 408 and the socket is closed. */
  headersTimeoutMs: number;
  /** Until the whole request (headers and body) has arrived; never limits a response. */
  requestTimeoutMs: number;
  /** Origins allowed by CORS besides the brand hosts and the app's own origin. */
  corsOrigins: string[];
  /** Origins the CSP allows for map tiles besides MAP_TILES_URL's (e.g. a provider's CDN). */
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

export function securityConfig(
  e: EnvValues<typeof SECURITY_ENV>,
  nodeEnv: NodeEnv,
): SecurityConfig {
  // Node refuses a headers timeout longer than the request timeout.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid environment: HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS',
    );
  }
  return {
    rateLimit: {
      enabled: e.RATE_LIMIT_ENABLED ?? nodeEnv !== 'test',
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
      max: e.RATE_LIMIT_MAX,
      strictMax: e.RATE_LIMIT_STRICT_MAX,
      lookupMax: e.RATE_LIMIT_LOOKUP_MAX,
      staticMax: e.RATE_LIMIT_STATIC_MAX,
      redisUrl: e.REDIS_URL,
      redisTimeoutMs: e.RATE_LIMIT_REDIS_TIMEOUT_MS,
      redisNamespace: 'auxilio-rate-limit:',
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    streams: {
      perServiceToken: e.STREAM_MAX_PER_TOKEN,
      perShareToken: e.STREAM_MAX_PER_SHARE_TOKEN,
      perAddress: e.STREAM_MAX_PER_ADDRESS,
    },
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    corsOrigins: originList('CORS_ORIGINS', e.CORS_ORIGINS),
    mapAssetOrigins: originList('MAP_ASSET_ORIGINS', e.MAP_ASSET_ORIGINS),
  };
}
