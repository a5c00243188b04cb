import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n, NAMESPACES, TRANSLATION_CACHE_EXPIRY_MS } from './i18n.ts';
import { readLocale } from '../test/test-i18n.ts';

const FILES: Record<string, unknown> = {
  '/locales/es/common.json': { greeting: 'Hola', onlyEs: 'Solo en español', help: 'Ayuda' },
  '/locales/en/common.json': { greeting: 'Hello', help: 'Help' },
  '/locales/es/errors.json': { oops: 'Ups' },
  '/locales/en/errors.json': { oops: 'Oops' },
};

/** The locale files, at the addresses of a build (`?v=<build>`). */
function serveLocales() {
  const fetchMock = vi.fn((url: string) => {
    const path = url.replace(/\?v=[^&]+$/, '');
    return Promise.resolve(
      path !== url && path in FILES
        ? new Response(JSON.stringify(FILES[path]), { status: 200 })
        : new Response('not found', { status: 404 }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('i18n (SPEC 8 "Missing translation key: Logged; default Spanish text used")', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('shows English when the key exists in English', async () => {
    serveLocales();
    const i18n = await createI18n({ lng: 'en', cacheVersion: 'v1', log: () => undefined });
    expect(i18n.t('greeting')).toBe('Hello');
  });

  it('falls back to Spanish for a key missing in English, and logs it', async () => {
    serveLocales();
    const log = vi.fn();
    const i18n = await createI18n({ lng: 'en', cacheVersion: 'v1', log });
    expect(i18n.t('onlyEs')).toBe('Solo en español');
    expect(log).toHaveBeenCalledWith(expect.stringContaining("'common:onlyEs' missing in 'en'"));
  });

  it('logs a key missing in every language', async () => {
    serveLocales();
    const log = vi.fn();
    const i18n = await createI18n({ lng: 'es', cacheVersion: 'v1', log });
    i18n.t('nowhere');
    expect(log).toHaveBeenCalledWith(expect.stringContaining("missing key 'common:nowhere'"));
  });

  it('shows the texts where the browser refuses storage (a webview or frame with it off)', async () => {
    const fetchMock = serveLocales();
    const refused = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The page has no storage', 'SecurityError');
    });
    try {
      const i18n = await createI18n({ lng: 'es', cacheVersion: 'v1', log: () => undefined });
      expect(i18n.t('greeting')).toBe('Hola');
      expect(fetchMock).toHaveBeenCalled();
    } finally {
      refused.mockRestore();
    }
  });

  it('Spanish is the fallback language', async () => {
    serveLocales();
    const i18n = await createI18n({ lng: 'en', cacheVersion: 'v1', log: () => undefined });
    expect(i18n.options.fallbackLng).toEqual(['es']);
  });

  it('caches the files locally for 60 minutes (SPEC 9 "translation cache expiry 60")', async () => {
    expect(TRANSLATION_CACHE_EXPIRY_MS).toBe(60 * 60 * 1000);
    const firstFetch = serveLocales();
    await createI18n({ lng: 'es', cacheVersion: 'v1', log: () => undefined });
    expect(firstFetch).toHaveBeenCalled();

    const secondFetch = serveLocales();
    const cached = await createI18n({ lng: 'es', cacheVersion: 'v1', log: () => undefined });
    expect(cached.t('greeting')).toBe('Hola');
    expect(secondFetch).not.toHaveBeenCalled();

    // A new build (another cache version) loads the files again.
    const thirdFetch = serveLocales();
    await createI18n({ lng: 'es', cacheVersion: 'v2', log: () => undefined });
    expect(thirdFetch).toHaveBeenCalledWith('/locales/es/common.json?v=v2');
  });

  it('reloads the files once the cache is older than 60 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      serveLocales();
      await createI18n({ lng: 'es', cacheVersion: 'v1', log: () => undefined });
      vi.setSystemTime(Date.now() + TRANSLATION_CACHE_EXPIRY_MS + 1000);
      const laterFetch = serveLocales();
      await createI18n({ lng: 'es', cacheVersion: 'v1', log: () => undefined });
      expect(laterFetch).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('translation files (public/locales)', () => {
  const es = readLocale('es');
  const en = readLocale('en');

  function keysOf(value: unknown, prefix = ''): string[] {
    if (typeof value !== 'object' || value === null) return [prefix];
    return Object.entries(value).flatMap(([key, child]) =>
      keysOf(child, prefix ? `${prefix}.${key}` : key),
    );
  }

  it('has one file per namespace in each language', () => {
    expect(Object.keys(es).sort()).toEqual([...NAMESPACES].sort());
    expect(Object.keys(en).sort()).toEqual([...NAMESPACES].sort());
  });

  it.each(NAMESPACES)('%s: English has exactly the Spanish keys', (ns) => {
    expect(keysOf(en[ns]).sort()).toEqual(keysOf(es[ns]).sort());
  });

  it("uses the spec's Spanish texts", () => {
    const common = es['common'] as { header: { help: string }; messages: Record<string, string> };
    expect(common.header.help).toBe('Ayuda');
    expect(common.messages['locating']).toBe(
      'Estaremos enviando la asistencia a su ubicación actual',
    );
    expect(common.messages['linkCopied']).toBe('Enlace copiado');
  });
});
