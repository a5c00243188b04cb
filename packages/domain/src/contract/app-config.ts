import { z } from 'zod';
import { BrandSchema } from '../brand.ts';
import { AccountKindSchema, BranchSchema, LanguageSchema } from '../enumerations.ts';
import { AccountIdSchema } from './accounts.ts';
import { SignInRuntimeConfigSchema } from './sign-in.ts';

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
  accountId: AccountIdSchema.nullable(),
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
   * Base map (ARCHITECTURE decision 7): the API's demo style (`embedded`) or MAP_STYLE_URL. `maxZoom`
   * caps every map: SPEC 9 "max 18", or lower for the demo map that has no streets (decision 260).
   */
  map: z.object({
    provider: z.enum(['embedded', 'style-url']),
    styleUrl: z.string(),
    maxZoom: z.number().min(0).max(24),
  }),
  /**
   * Web Push (decision 450): the server's VAPID public key (base64url), the `applicationServerKey`
   * of `pushManager.subscribe`. Absent when the server sends no push notifications.
   */
  push: z.object({ vapidPublicKey: z.string() }).optional(),
  payments: z.object({
    provider: z.enum(['sandbox', 'stripe']),
    publishableKey: z.string().nullable(),
  }),
  /** Member sign-in (SPEC 7 authorize redirect; docs/decisions/460). */
  signIn: SignInRuntimeConfigSchema,
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
