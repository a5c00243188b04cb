import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

// import.meta.url is not a file URL under jsdom; the directory name is.
const LOCALES_DIR = join(import.meta.dirname, '../../public/locales/');

/** Every namespace file of a language, read from public/locales. */
export function readLocale(lng: 'es' | 'en'): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    readdirSync(`${LOCALES_DIR}${lng}`)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(`${LOCALES_DIR}${lng}/${file}`, 'utf8')) as Record<string, unknown>,
      ]),
  );
}

/** An i18next instance with the real translation files in memory (no HTTP), for component tests. */
export async function createTestI18n(lng: 'es' | 'en' = 'es'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'es',
    defaultNS: 'common',
    resources: { es: readLocale('es'), en: readLocale('en') },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
