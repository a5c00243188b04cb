import {
  DEFAULT_ADDRESS_SEARCH_COUNTRIES,
  DEFAULT_LANGUAGE,
  type Brand,
  type RuntimeConfig,
} from '@auxilio/domain';
import type { Config } from '../config/env.ts';
import { mapRuntimeConfig } from './basemap-style.ts';
import type { BrandContext } from './brand-context.ts';
import { signInBrowserSettings } from './identity/identity.ts';

/** URL prefix of a brand's logo, icon and favicon (routes/brands). */
export function brandAssetsBase(brand: Pick<Brand, 'slug'>): string {
  return `/brands/${brand.slug}/`;
}

/**
 * ARCHITECTURE decision 5: what the PWA needs at start comes from the server, never from
 * build-time variables. The three services share this origin by default (decision 1).
 */
export function buildRuntimeConfig(
  config: Config,
  { brand, accountId, brandAccounts }: BrandContext,
  vapidPublicKey?: string,
): RuntimeConfig {
  return {
    api: { common: '/common', storage: '/storage', autodispatch: '/autodispatch' },
    appKey: config.appKey,
    brand,
    brandAssetsBase: brandAssetsBase(brand),
    accountId,
    brandAccounts,
    defaultLanguage: DEFAULT_LANGUAGE,
    addressCountries: [...DEFAULT_ADDRESS_SEARCH_COUNTRIES],
    map: mapRuntimeConfig(config),
    // Web Push (decision 450): the applicationServerKey of the PWA's push subscription.
    ...(vapidPublicKey ? { push: { vapidPublicKey } } : {}),
    // Stripe Elements only when the server charges through Stripe too (decision 430).
    payments:
      config.payments.card.provider === 'stripe'
        ? { provider: 'stripe', publishableKey: config.payments.card.publishableKey }
        : { provider: 'sandbox', publishableKey: null },
    // Decision 665: /payment labels the ATH Móvil sandbox as a sandbox.
    mobilePayments: { provider: config.payments.mobile.provider },
    signIn: signInBrowserSettings(config.identity),
    // Decision 631: each telemetry service the environment configured; the others stay null.
    telemetry: config.telemetry,
  };
}
