import type { Language } from '@auxilio/domain';

// Where the translation files are (ARCHITECTURE "Front end": public/locales/{lng}/{ns}.json). Their
// address carries the build, so a new release never reads the previous one's texts from an HTTP
// cache (SPEC 9 "translation cache expiry 60" keeps them an hour), and so the page's own preload of
// the first texts (build/preload-first-texts.ts) is the very request the app makes.

/** Loaded before the first screen: the shell (header, dialogs, snackbar) and the error screens. */
export const PRELOADED_NAMESPACES = ['common', 'errors'] as const;

/** i18next's load path of one build: `{{lng}}` and `{{ns}}` are replaced. */
export function localeLoadPath(buildId: string): string {
  return `/locales/{{lng}}/{{ns}}.json?v=${encodeURIComponent(buildId)}`;
}

/** The address of one namespace's texts in one language, for one build. */
export function localeFileUrl(language: Language, namespace: string, buildId: string): string {
  return localeLoadPath(buildId).replace('{{lng}}', language).replace('{{ns}}', namespace);
}
