import {
  DEFAULT_LANGUAGE,
  parseEntryParams,
  type EntryParams,
  type Language,
} from '@auxilio/domain';
import type { RuntimeConfig } from '../config/runtime-config.ts';
import { getCampaign } from '../features/campaigns/api/get-campaign.ts';
import { applyDocumentBranding, applyTheme } from '../lib/theme.ts';
import type { SessionStore } from '../stores/session-store.ts';
import { brandAssetUrl } from '../config/runtime-config-context.ts';

// What happens once per page load, before the first screen: the entry query goes into the session
// (SPEC 2 "Entry query parameters"), then the brand's theme and head tags follow the runtime config.

/** Parses the entry query into the session; returns what was parsed. */
export function readEntryQuery(search: string, store: SessionStore): EntryParams {
  const params = parseEntryParams(new URLSearchParams(search));
  store.getState().applyEntryParams(params);
  return params;
}

/** SPEC 1: "The default language is Spanish (es); the lang query parameter can change it." */
export function startLanguage(store: SessionStore, config?: RuntimeConfig): Language {
  return store.getState().session.language ?? config?.defaultLanguage ?? DEFAULT_LANGUAGE;
}

/** Brands the page: CSS variables, title, theme colour, icons and manifest link. */
export function brandDocument(config: RuntimeConfig): void {
  applyTheme(config.brand.theme);
  applyDocumentBranding({
    title: config.brand.manifest.name,
    themeColor: config.brand.theme.primary,
    faviconUrl: brandAssetUrl(config, 'favicon'),
    iconUrl: brandAssetUrl(config, 'icon'),
    manifestUrl: `/manifest.webmanifest?brand=${encodeURIComponent(config.brand.slug)}`,
  });
}

/** Stores the resolved brand and, when the entry named a campaign, fetches it (failures logged). */
export function settleSession(store: SessionStore, config: RuntimeConfig, params: EntryParams) {
  store.getState().adoptResolvedBrand(config.brand.slug, config.accountId);
  if (params.campaign) {
    getCampaign(config, params.campaign).then(
      (campaign) => {
        store.getState().setCampaign(campaign);
      },
      (error: unknown) => {
        console.error('[boot] campaign fetch failed', error);
      },
    );
  }
}
