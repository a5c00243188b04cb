import { z } from 'zod';
import {
  ConfigError,
  emptyAsUnset,
  optionalFlag,
  optionalString,
  type EnvValues,
  type NodeEnv,
} from './env-values.ts';

// --- Security (issue 4; docs/decisions/470-474) ---

export const SECURITY_ENV = {
  /** Rate limits per client IP (decision 471); default on, except NODE_ENV=test. Benchmarks: false. */
  RATE_LIMIT_ENABLED: optionalFlag,
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
};

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

export function securityConfig(
  e: EnvValues<typeof SECURITY_ENV>,
  nodeEnv: NodeEnv,
): SecurityConfig {
  return {
    rateLimit: {
      enabled: e.RATE_LIMIT_ENABLED ?? nodeEnv !== 'test',
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
