import { z } from 'zod/mini';
import { BrandSchema } from '../brand.ts';
import { AccountKindSchema, BranchSchema, LanguageSchema } from '../enumerations.ts';
import { AccountIdSchema } from './accounts.ts';
import { SignInRuntimeConfigSchema } from './sign-in.ts';

/**
 * SPEC 7 "Other calls: ... a tag manager; ... customer analytics and a guide tool ...; an
 * error-reporting service". Each is off (null) unless the server's environment configures it; the
 * PWA loads nothing of one that is off (decision 631).
 */
export const TelemetryRuntimeConfigSchema = z.object({
  /** A DSN in Sentry's format (`https://key@host/project`), where the PWA's error events go. */
  errorReporting: z.nullable(z.object({ dsn: z.url(), environment: z.string() })),
  /** A Google Tag Manager container (`GTM-XXXX`). */
  tagManager: z.nullable(z.object({ containerId: z.string().check(z.regex(/^GTM-[A-Z0-9]+$/)) })),
  /** A write key of a Segment-compatible customer analytics source. */
  analytics: z.nullable(z.object({ writeKey: z.string().check(z.regex(/^[\w-]+$/)) })),
  /** An API key of the Pendo guide tool. */
  guide: z.nullable(z.object({ apiKey: z.string().check(z.regex(/^[\w-]+$/)) })),
});
export type TelemetryRuntimeConfig = z.infer<typeof TelemetryRuntimeConfigSchema>;

/** Nothing configured: no telemetry at all. */
export const NO_TELEMETRY: TelemetryRuntimeConfig = {
  errorReporting: null,
  tagManager: null,
  analytics: null,
  guide: null,
};

/**
 * `GET /app-config.json?brand=&account=`: what the PWA needs at start, from the server and never from
 * build-time variables (ARCHITECTURE decision 5). The brand is resolved by the server from the
 * `brand` query, the `account` query or the host name, in that order.
 */
export const RuntimeConfigSchema = z.object({
  /** Base URLs of the three services (same origin by default). */
  api: z.object({
    common: z.string(),
    storage: z.string(),
    autodispatch: z.string(),
  }),
  /** The public app key sent as `x-api-key` on every common-API call (ARCHITECTURE decision 9). */
  appKey: z.string(),
  brand: BrandSchema,
  /** URL prefix under which the brand's assets (logo, icon, favicon) are served. */
  brandAssetsBase: z.string(),
  /** The account the brand resolved to, when one was found (query `account`, or the brand's default). */
  accountId: z.nullable(AccountIdSchema),
  /**
   * The brand's Member and Visitor accounts per branch (SPEC 1 "A Member and a Visitor account exist
   * as separate accounts per branch"), for the /options screen.
   */
  brandAccounts: z.array(
    z.object({ branch: BranchSchema, kind: AccountKindSchema, id: AccountIdSchema }),
  ),
  defaultLanguage: LanguageSchema,
  /** Countries where address search may look when the account has no branch (SPEC 5). */
  addressCountries: z.array(BranchSchema),
  /**
   * Base map (ARCHITECTURE decision 7, decision 700): the API's demo basemap (`embedded`, its
   * manifest at `basemapUrl`) or a raster tile provider (MAP_TILES_URL, an XYZ template with `{z}`,
   * `{x}`, `{y}`). `maxZoom` caps every map: SPEC 9 "max 18", or lower for the demo map that has no
   * streets (decision 260). `attribution` is the credit the map shows behind its (i) button.
   */
  map: z.discriminatedUnion('provider', [
    z.object({
      provider: z.literal('embedded'),
      basemapUrl: z.string(),
      attribution: z.string(),
      maxZoom: z.number().check(z.gte(0), z.lte(24)),
    }),
    z.object({
      provider: z.literal('tiles'),
      tilesUrl: z.string(),
      attribution: z.string(),
      maxZoom: z.number().check(z.gte(0), z.lte(24)),
    }),
  ]),
  /**
   * Web Push (decision 450): the server's VAPID public key (base64url), the `applicationServerKey`
   * of `pushManager.subscribe`. Absent when the server sends no push notifications.
   */
  push: z.optional(z.object({ vapidPublicKey: z.string() })),
  payments: z.object({
    provider: z.enum(['sandbox', 'stripe']),
    publishableKey: z.nullable(z.string()),
  }),
  /**
   * ATH Móvil payments (decisions 433, 665): the embedded sandbox, which /payment labels as such and
   * which approves at once, or ATH Móvil itself (MOBILE_PAYMENT_PROVIDER).
   */
  mobilePayments: z._default(z.object({ provider: z.enum(['sandbox', 'athmovil']) }), {
    provider: 'sandbox',
  }),
  /** Member sign-in (SPEC 7 authorize redirect; docs/decisions/460). */
  signIn: SignInRuntimeConfigSchema,
  /** Tag manager, analytics, guide tool and error reporting; all off by default (decision 631). */
  telemetry: z._default(TelemetryRuntimeConfigSchema, NO_TELEMETRY),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
