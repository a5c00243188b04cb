import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_CONFIG_SCRIPT_ID,
  buildConfigUrl,
  loadRuntimeConfig,
  readInjectedConfig,
  RuntimeConfigError,
} from './runtime-config.ts';
import { testBrand, testConfigBody } from '../test/fixtures.ts';

function inject(body: string) {
  const script = document.createElement('script');
  script.id = APP_CONFIG_SCRIPT_ID;
  script.type = 'application/json';
  script.textContent = body;
  document.head.append(script);
}

function jsonResponse(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

describe('runtime config (ARCHITECTURE decision 5)', () => {
  beforeEach(() => {
    document.getElementById(APP_CONFIG_SCRIPT_ID)?.remove();
  });

  it('parses the config the server injected into index.html', () => {
    inject(JSON.stringify(testConfigBody(testBrand({ slug: 'mmm', hideChat: true }))));
    const config = readInjectedConfig();
    expect(config?.brand.slug).toBe('mmm');
    expect(config?.brand.hideChat).toBe(true);
    // Schema defaults are applied (SPEC 1 default font Inter).
    expect(config?.brand.theme.font).toBe('Inter');
  });

  it('has no injected config when the page carries none', () => {
    expect(readInjectedConfig()).toBeNull();
  });

  it('rejects an injected config that does not match the schema, naming the field', () => {
    inject(JSON.stringify({ ...(testConfigBody() as object), appKey: 42 }));
    expect(() => readInjectedConfig()).toThrow(/appKey/);
  });

  it('uses the injected config without a request when it answers the query', async () => {
    inject(JSON.stringify(testConfigBody()));
    const fetchFn = vi.fn<typeof fetch>();
    const config = await loadRuntimeConfig({ request: { brand: 'demo', account: null }, fetchFn });
    expect(config.brand.slug).toBe('demo');
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('starts where the browser refuses storage (a webview or frame with it off)', async () => {
    inject(JSON.stringify(testConfigBody()));
    const refused = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The page has no storage', 'SecurityError');
    });
    try {
      const fetchFn = vi.fn<typeof fetch>();
      const config = await loadRuntimeConfig({
        request: { brand: 'demo', account: null },
        fetchFn,
      });
      expect(config.brand.slug).toBe('demo');
      expect(fetchFn).not.toHaveBeenCalled();
    } finally {
      refused.mockRestore();
    }
  });

  it('fetches /app-config.json with brand and account when nothing was injected', async () => {
    const fetchFn = vi.fn<typeof fetch>(() => jsonResponse(testConfigBody()));
    const config = await loadRuntimeConfig({
      request: { brand: 'demo', account: 'a1b2c3d4e5f6a1b2c3d4e5f6' },
      fetchFn,
    });
    expect(config.appKey).toBe('public-app-key');
    expect(fetchFn.mock.calls[0]?.[0]).toBe(
      '/app-config.json?brand=demo&account=a1b2c3d4e5f6a1b2c3d4e5f6',
    );
  });

  it('fetches when the injected brand is not the one the session remembers', async () => {
    inject(JSON.stringify(testConfigBody()));
    const fetchFn = vi.fn<typeof fetch>(() =>
      jsonResponse(testConfigBody(testBrand({ slug: 'mmm' }))),
    );
    const config = await loadRuntimeConfig({ request: { brand: 'mmm', account: null }, fetchFn });
    expect(config.brand.slug).toBe('mmm');
  });

  it('offline, uses the last config that loaded for the same brand', async () => {
    const online = vi.fn<typeof fetch>(() => jsonResponse(testConfigBody()));
    await loadRuntimeConfig({ request: { brand: 'demo', account: null }, fetchFn: online });
    const offline = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    const config = await loadRuntimeConfig({
      request: { brand: 'demo', account: null },
      fetchFn: offline,
    });
    expect(config.brand.slug).toBe('demo');
    await expect(
      loadRuntimeConfig({ request: { brand: 'mmm', account: null }, fetchFn: offline }),
    ).rejects.toBeInstanceOf(RuntimeConfigError);
  });

  it('fails with RuntimeConfigError when the server cannot be reached', async () => {
    const fetchFn = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(
      loadRuntimeConfig({ request: { brand: null, account: null }, fetchFn }),
    ).rejects.toBeInstanceOf(RuntimeConfigError);
  });

  it('fails with RuntimeConfigError on an error status', async () => {
    const fetchFn = vi.fn<typeof fetch>(() => jsonResponse({ code: 'INTERNAL' }, 500));
    await expect(
      loadRuntimeConfig({ request: { brand: null, account: null }, fetchFn }),
    ).rejects.toThrow(/500/);
  });

  it.each([
    [{ brand: null, account: null }, '/app-config.json'],
    [{ brand: 'mmm', account: null }, '/app-config.json?brand=mmm'],
    [{ brand: null, account: 'abc' }, '/app-config.json?account=abc'],
  ])('config URL for %o is %s', (request, expected) => {
    expect(buildConfigUrl(request)).toBe(expected);
  });
});
