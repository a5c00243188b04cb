import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocaleBackend, type LocaleBackendOptions } from './i18n-backend.ts';

// The backend on its own: what i18next gets for one namespace (i18n.test.ts covers the whole
// translation set-up, cache expiry and build versions included).

const OPTIONS: Omit<LocaleBackendOptions, 'store'> = {
  loadPath: '/locales/{{lng}}/{{ns}}.json',
  prefix: 'auxilio_i18n_',
  version: 'build-1',
  expiryMs: 60 * 60 * 1000,
};

/** Reads one namespace as i18next would: the error, the texts or whether to retry. */
function read(store: Storage, lng = 'es', ns = 'common') {
  const backend = createLocaleBackend({ ...OPTIONS, store });
  return new Promise<{ error: unknown; data: unknown }>((resolve) => {
    backend.read(lng, ns, (error, data) => {
      resolve({ error, data });
    });
  });
}

describe('locale backend (decision 172: a kept copy first, then the file)', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('fetches the file once, then answers from the kept copy', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(Response.json({ hello: 'Hola' })));
    vi.stubGlobal('fetch', fetchMock);
    expect(await read(localStorage)).toEqual({ error: null, data: { hello: 'Hola' } });
    expect(fetchMock).toHaveBeenCalledWith('/locales/es/common.json');
    expect(await read(localStorage)).toEqual({ error: null, data: { hello: 'Hola' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads a damaged or foreign copy as no copy', async () => {
    localStorage.setItem('auxilio_i18n_es-common', '{not json');
    localStorage.setItem('auxilio_i18n_es-errors', JSON.stringify({ stamp: 'x', texts: {} }));
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ fresh: 'sí' })));
    expect((await read(localStorage)).data).toEqual({ fresh: 'sí' });
    expect((await read(localStorage, 'es', 'errors')).data).toEqual({ fresh: 'sí' });
  });

  it('does not retry a missing file, and retries a server error or no answer', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 404 })));
    expect(await read(localStorage)).toEqual({
      error: 'failed loading /locales/es/common.json; status code: 404',
      data: false,
    });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 503 })));
    expect((await read(localStorage)).data).toBe(true);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect((await read(localStorage)).data).toBe(true);
  });

  it('still shows the texts when the copy cannot be kept (storage full)', async () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ hello: 'Hola' })));
    expect(await read(full)).toEqual({ error: null, data: { hello: 'Hola' } });
  });
});
