import type { RateLimitConfig } from '../config/env.ts';

// ARCHITECTURE decision 9 "Rate limits on every public route"; the budgets of docs/decisions/471.
// Counted per client IP (the proxy's X-Forwarded-For when TRUST_PROXY) and per route.

export type RateLimitClass = 'exempt' | 'static' | 'strict' | 'default';

/**
 * Calls that create something or move money, and so cost us or the customer: service creation,
 * card charges, tips, SMS to the driver, customer creation, share links. Method and URL pattern as
 * Fastify registers them.
 */
const STRICT_ROUTES: readonly RegExp[] = [
  /^POST \/common\/api\/v1\/service-requests\/?$/,
  /^POST \/common\/payments\//,
  /^POST \/common\/tips\/?$/,
  /^POST \/common\/api\/v1\/drivers\/sms\/?$/,
  /^POST \/common\/dispatch\/cCustomer\/?$/,
  /^POST \/common\/api\/v1\/services\/:id\/share\/?$/,
];

/** Files: the PWA (its catch-all route), brand assets, manifests, basemap tiles, media, docs. */
const STATIC_PREFIXES = [
  '/map',
  '/brands',
  '/manifest.webmanifest',
  '/app-config.json',
  '/common/media',
  '/docs',
];

function underPrefix(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`);
}

/** The budget class of a route, from its method and URL pattern. */
export function rateLimitClassOf(method: string, url: string): RateLimitClass {
  if (underPrefix(url, '/health')) return 'exempt';
  if (url === '/*' || STATIC_PREFIXES.some((prefix) => underPrefix(url, prefix))) return 'static';
  if (STRICT_ROUTES.some((pattern) => pattern.test(`${method} ${url}`))) return 'strict';
  return 'default';
}

/** Requests per window of a class (undefined: not limited). */
export function rateLimitMaxOf(
  rateClass: RateLimitClass,
  config: Pick<RateLimitConfig, 'max' | 'strictMax' | 'staticMax'>,
): number | undefined {
  switch (rateClass) {
    case 'exempt':
      return undefined;
    case 'static':
      return config.staticMax;
    case 'strict':
      return config.strictMax;
    case 'default':
      return config.max;
  }
}
