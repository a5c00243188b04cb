import { mapTilesSource } from '../config/basemap-config.ts';
import type { Config } from '../config/env.ts';

// The Content-Security-Policy the PWA runs under (every page of it passes); the one place
// where the policy is written (docs/decisions/473). A feature that loads something from another
// origin adds its origins here, in its own block, and nowhere else.

/** Directive name → its sources, in helmet's camel-case form. */
export type CspDirectives = Record<string, string[]>;

/** Stripe Elements (PWA, when the server charges through Stripe; decision 431). */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/** Where each telemetry service loads its script from and sends to (decision 631). */
const TAG_MANAGER = { script: ['https://www.googletagmanager.com'], connect: [] } as const;
const ANALYTICS = {
  script: ['https://cdn.segment.com'],
  connect: ['https://api.segment.io', 'https://cdn.segment.com'],
} as const;
const GUIDE = {
  script: ['https://cdn.pendo.io'],
  connect: ['https://app.pendo.io', 'https://data.pendo.io', 'https://cdn.pendo.io'],
} as const;

/** The origins of the telemetry services the environment turned on; none by default. */
function telemetryOrigins({ telemetry }: Pick<Config, 'telemetry'>): {
  script: string[];
  connect: string[];
} {
  const on = [
    telemetry.tagManager ? TAG_MANAGER : null,
    telemetry.analytics ? ANALYTICS : null,
    telemetry.guide ? GUIDE : null,
  ].filter((service) => service !== null);
  return {
    script: unique(...on.map((service) => service.script)),
    // The error reports are posted to the DSN's origin (Sentry's envelope endpoint).
    connect: unique(
      ...on.map((service) => service.connect),
      originOf(telemetry.errorReporting?.dsn),
    ),
  };
}

function originOf(url: string | undefined): string[] {
  return url && URL.canParse(url) ? [new URL(url).origin] : [];
}

/**
 * Where the PWA uploads and reads stored files (decision 403): with STORAGE_DRIVER=s3 the configured
 * endpoint (path style), else AWS's virtual-hosted bucket host and its regional host; with the
 * local store PUBLIC_ORIGIN, which may differ from a brand's host (decision 504).
 */
function storageOrigins({
  storage,
  publicOrigin,
  port,
}: Pick<Config, 'storage' | 'publicOrigin' | 'port'>): string[] {
  const s3 = storage.driver === 's3' ? storage.s3 : undefined;
  // Without PUBLIC_ORIGIN (development) the local store's URLs are on the loopback origin, which a
  // brand host such as honda.localhost must be allowed to reach.
  if (!s3) return [publicOrigin ?? `http://localhost:${String(port)}`];
  if (s3.endpoint) return originOf(s3.endpoint);
  return [
    `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`,
    `https://s3.${s3.region}.amazonaws.com`,
  ];
}

/** Sources without duplicates, in first-seen order. */
function unique(...lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}

/**
 * The policy of every response (pages, files and the API alike). The PWA's index.html has no inline
 * script: the runtime config is a `type="application/json"` data block, which CSP does not run.
 * The map (Leaflet, decision 700) positions its elements through the CSSOM, which `style-src 'self'`
 * allows; its tiles, from MAP_TILES_URL (and MAP_ASSET_ORIGINS, e.g. a provider's CDN), are images,
 * also fetched by the service worker to keep them (connect). `blob:` images are the accident photos'
 * previews.
 */
export function contentSecurityPolicy(
  config: Pick<
    Config,
    'mapTiles' | 'payments' | 'security' | 'storage' | 'publicOrigin' | 'port' | 'telemetry'
  >,
): CspDirectives {
  const mapHosts = unique(mapTilesSource(config.mapTiles), config.security.mapAssetOrigins);
  const stripe =
    config.payments.card.provider === 'stripe' ? STRIPE : { script: [], frame: [], connect: [] };
  const storage = storageOrigins(config);
  const telemetry = telemetryOrigins(config);
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    scriptSrc: unique(["'self'"], stripe.script, telemetry.script),
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    imgSrc: unique(["'self'", 'data:', 'blob:'], mapHosts, storage),
    fontSrc: ["'self'", 'data:'],
    connectSrc: unique(["'self'"], mapHosts, stripe.connect, storage, telemetry.connect),
    workerSrc: ["'self'"],
    childSrc: ["'self'"],
    manifestSrc: ["'self'"],
    frameSrc: unique(["'self'"], stripe.frame),
    // Partner apps open the PWA in webviews, never in frames (docs/decisions/473).
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}

/**
 * The API documentation at /docs (Swagger UI) writes one `<style>` element at run time: its pages,
 * which show no customer data, allow inline styles; scripts stay `'self'` only.
 */
export function docsContentSecurityPolicy(
  config: Parameters<typeof contentSecurityPolicy>[0],
): CspDirectives {
  return { ...contentSecurityPolicy(config), styleSrc: ["'self'", "'unsafe-inline'"] };
}

/**
 * The policy of a page that carries inline `<style>` elements of its own (the brand's theme,
 * decision 770): each allowed by its hash, never `'unsafe-inline'`.
 */
export function withInlineStyles(directives: CspDirectives, hashes: string[]): CspDirectives {
  return { ...directives, styleSrc: unique(directives.styleSrc ?? [], hashes) };
}

/** `{ defaultSrc: ["'self'"] }` → `default-src 'self'`, the header's form. */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) =>
      [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...sources].join(' '),
    )
    .join('; ');
}
