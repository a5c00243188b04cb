import { createContext, useContext } from 'react';
import type { RuntimeConfig } from './runtime-config.ts';

/** The runtime config of this page load; provided once the boot has loaded it. */
export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig needs a RuntimeConfigContext provider');
  return config;
}

/** SPEC 1 "next to the provider logo": the provider runs the service under its own brand. */
export const PROVIDER_BRAND_SLUG = 'connect';

/** URL of one of the brand's assets (`brandAssetsBase` ends with or without a slash). */
export function brandAssetUrl(config: RuntimeConfig, asset: 'logo' | 'icon' | 'favicon'): string {
  const base = config.brandAssetsBase.endsWith('/')
    ? config.brandAssetsBase
    : `${config.brandAssetsBase}/`;
  return `${base}${config.brand.assets[asset]}`;
}

/** The provider's logo shown beside a co-branded brand on tracking routes. */
export function providerLogoUrl(): string {
  return `/brands/${PROVIDER_BRAND_SLUG}/logo.svg`;
}
