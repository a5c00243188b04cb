import type { Config } from '../config/env.ts';

// Issue 4 "security headers including a Content-Security-Policy that the PWA passes"; the one place
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

function originOf(url: string | undefined): string[] {
  return url && URL.canParse(url) ? [new URL(url).origin] : [];
}

/**
 * Where the PWA uploads and reads stored files with STORAGE_DRIVER=s3 (decision 403): the
 * configured endpoint (path style), else AWS's virtual-hosted bucket host and its regional host.
 */
function storageOrigins(storage: Config['storage']): string[] {
  const s3 = storage.driver === 's3' ? storage.s3 : undefined;
  if (!s3) return [];
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
 * MapLibre needs `blob:` for images it decodes and for its worker fallback; it styles elements
 * through the CSSOM, which `style-src 'self'` allows.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'mapStyleUrl' | 'payments' | 'security' | 'storage'>,
): CspDirectives {
  const mapHosts = unique(originOf(config.mapStyleUrl), config.security.mapAssetOrigins);
  const stripe =
    config.payments.card.provider === 'stripe' ? STRIPE : { script: [], frame: [], connect: [] };
  const storage = storageOrigins(config.storage);
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    scriptSrc: unique(["'self'"], stripe.script),
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    imgSrc: unique(["'self'", 'data:', 'blob:'], mapHosts, storage),
    fontSrc: unique(["'self'", 'data:'], mapHosts),
    connectSrc: unique(["'self'"], mapHosts, stripe.connect, storage),
    workerSrc: ["'self'", 'blob:'],
    childSrc: ["'self'", 'blob:'],
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

/** `{ defaultSrc: ["'self'"] }` → `default-src 'self'`, the header's form. */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) =>
      [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...sources].join(' '),
    )
    .join('; ');
}
