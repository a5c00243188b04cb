import type { RateLimitConfig } from '../config/env.ts';

// ARCHITECTURE decision 9 "Rate limits on every public route"; the budgets of docs/decisions/471.
// Counted per client IP (the proxy's X-Forwarded-For when TRUST_PROXY) and per route.

export type RateLimitClass = 'exempt' | 'static' | 'strict' | 'lookup' | 'default';

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

/**
 * Lookups that answer about people, vehicles or drivers from what a caller can guess (a plate, a
 * member id, a point on the map): one budget for all of them together (decision 417).
 */
const LOOKUP_ROUTES: readonly RegExp[] = [
  /^GET \/common\/api\/v1\/dispatch\/contracts\/?$/,
  /^POST \/common\/api\/v1\/dispatch\/contact\/checklimit\/?$/,
  /^GET \/common\/api\/v1\/dispatch\/vehicle\/services\/?$/,
  /^GET \/common\/api\/v1\/mmm\/member\/:id\/vehicle\/?$/,
  /^POST \/autodispatch\/api\/suggestions\/?$/,
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

/** The budget class of a route, from its method and URL pattern (HEAD counts as its GET). */
export function rateLimitClassOf(routeMethod: string, url: string): RateLimitClass {
  const method = routeMethod === 'HEAD' ? 'GET' : routeMethod;
  if (underPrefix(url, '/health') || underPrefix(url, '/ready')) return 'exempt';
  if (url === '/*' || STATIC_PREFIXES.some((prefix) => underPrefix(url, prefix))) return 'static';
  if (STRICT_ROUTES.some((pattern) => pattern.test(`${method} ${url}`))) return 'strict';
  if (LOOKUP_ROUTES.some((pattern) => pattern.test(`${method} ${url}`))) return 'lookup';
  return 'default';
}

/** Requests per window of a class (undefined: not limited). */
export function rateLimitMaxOf(
  rateClass: RateLimitClass,
  config: Pick<RateLimitConfig, 'max' | 'strictMax' | 'lookupMax' | 'staticMax'>,
): number | undefined {
  switch (rateClass) {
    case 'exempt':
      return undefined;
    case 'static':
      return config.staticMax;
    case 'strict':
      return config.strictMax;
    case 'lookup':
      return config.lookupMax;
    case 'default':
      return config.max;
  }
}
