import i18next, { type i18n as I18n, type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, TRANSLATION_CACHE_MINUTES, type Language } from '@auxilio/domain';
import { createLocaleBackend } from './i18n-backend.ts';
import { localeLoadPath, PRELOADED_NAMESPACES } from './locale-files.ts';
import { localStorageOrNone } from './local-storage.ts';

// ARCHITECTURE "Front end": translations in public/locales/{es,en}/{namespace}.json, loaded over HTTP
// through a local cache; Spanish is the default and the fallback; a missing key logs and shows Spanish.

/** Namespaces, one per screen family (public/locales/<lng>/<ns>.json). */
export const NAMESPACES = [
  'common',
  'errors',
  'home',
  'options',
  'help',
  'corporate',
  'tips',
  'plate',
  'other-options',
  'get-service',
  'sign-in',
  'comments',
  'clients',
  'services',
  'location',
  'payment',
  'service-end',
  'summary',
  'tracking',
  'survey',
  'geotext',
  'shared-link',
  'entry',
  'driver',
  'dispatcher',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** SPEC 9 "translation cache expiry 60": minutes, as milliseconds. */
export const TRANSLATION_CACHE_EXPIRY_MS = TRANSLATION_CACHE_MINUTES * 60 * 1000;

/** Where a missing or fallback translation is reported (console by default). */
export type TranslationLogger = (message: string) => void;

export interface CreateI18nOptions {
  lng: Language;
  /** `{{lng}}` and `{{ns}}` are replaced (default: the build's files, src/lib/locale-files.ts). */
  loadPath?: string;
  /** Version of the cached files; a new build never reads the previous build's texts. */
  cacheVersion?: string;
  /** Namespaces loaded beside the preloaded ones: those of the screen the page opens on. */
  namespaces?: readonly Namespace[];
  /** Storage of the local cache (localStorage); null: none, the files are fetched every time. */
  store?: Storage | null;
  log?: TranslationLogger;
}

/**
 * A ready i18next instance (common and errors loaded) bound to react-i18next.
 * SPEC 8 "Missing translation key: Logged; default Spanish text used".
 */
export async function createI18n({
  lng,
  namespaces = [],
  cacheVersion = __BUILD_ID__,
  loadPath = localeLoadPath(cacheVersion),
  store = localStorageOrNone(),
  log = (message) => {
    console.warn(message);
  },
}: CreateI18nOptions): Promise<I18n> {
  const instance = i18next.createInstance();
  const reported = new Set<string>();
  const reportOnce = (message: string) => {
    if (reported.has(message)) return;
    reported.add(message);
    log(message);
  };

  // A key found only in the fallback language is not "missing" to i18next; it is to a reader of the
  // English screen, so it is logged here (the Spanish text is shown).
  const logFallbackUse: PostProcessorModule = {
    type: 'postProcessor',
    name: 'logFallbackUse',
    process(value: string, key: string | string[], options: Record<string, unknown>) {
      const resolved = options['i18nResolved'] as { usedLng?: string; usedNS?: string } | undefined;
      const wanted = instance.language;
      if (resolved?.usedLng && resolved.usedLng !== wanted) {
        const keyText = Array.isArray(key) ? key.join('|') : key;
        reportOnce(
          `[i18n] '${resolved.usedNS ?? ''}:${keyText}' missing in '${wanted}', shown in '${resolved.usedLng}'`,
        );
      }
      return value;
    },
  };

  await instance
    .use(
      createLocaleBackend({
        loadPath,
        store,
        prefix: 'auxilio_i18n_',
        version: cacheVersion,
        expiryMs: TRANSLATION_CACHE_EXPIRY_MS,
      }),
    )
    .use(initReactI18next)
    .use(logFallbackUse)
    .init({
      lng,
      supportedLngs: ['es', 'en'],
      fallbackLng: DEFAULT_LANGUAGE,
      ns: [...PRELOADED_NAMESPACES, ...namespaces],
      defaultNS: 'common',
      fallbackNS: false,
      load: 'languageOnly',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: (lngs, ns, key) => {
        reportOnce(`[i18n] missing key '${ns}:${key}' (${lngs.join(', ')})`);
      },
      postProcess: ['logFallbackUse'],
      postProcessPassResolved: true,
      react: { useSuspense: true },
    });
  return instance;
}
