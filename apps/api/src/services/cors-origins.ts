import { BRANDS, normalizeHost } from '@auxilio/brands';

// The CORS allow-list is the brands' host names (docs/decisions/472). Host-mapped brands
// (decision 140) answer on their own host names; the PWA served there calls this API.

/** Every host name of the brand catalog, normalised as decision 140 matches them. */
const BRAND_HOSTS: ReadonlySet<string> = new Set(
  BRANDS.flatMap((brand) => brand.hosts.map(normalizeHost)),
);

/** Demo hosts (`*.localhost`, decision 140) are plain http; every other brand host needs https. */
function isLoopbackName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}

/**
 * True when a browser page of `origin` may read our answers: a brand host
 * (https, or http for a `.localhost` demo host; any port), or an origin named in CORS_ORIGINS.
 * Anything else gets no Access-Control-Allow-Origin.
 */
export function isAllowedOrigin(origin: string, extraOrigins: readonly string[]): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.origin !== origin.replace(/\/$/, '')) return false;
  if (extraOrigins.includes(url.origin)) return true;
  const host = normalizeHost(url.hostname);
  if (!BRAND_HOSTS.has(host)) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackName(host));
}
