import { describe, expect, it, vi } from 'vitest';
import {
  deleteEarlierPageCaches,
  isPageRequest,
  keepPageWithoutFirstPaint,
  keepShellInUse,
  pageCacheKey,
  pageCacheName,
} from './service-worker-pages.ts';

// Decisions 176 and 730: the service worker keeps one page per brand (its shell) plus the shell in
// use, and never takes a path of the server for a page. Workbox copies these functions into sw.js as source text, so they are
// also checked as that text, evaluated on their own.

const ORIGIN = 'https://auxilio.example';

/** The function as the generated worker holds it: its source, evaluated with nothing around it. */
function asCopiedIntoWorker<T>(fn: T): T {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the worker's copy of the code
  const copy = new Function(`return (${String(fn)});`) as () => T;
  return copy();
}

function navigation(path: string) {
  const url = new URL(path, ORIGIN);
  // `mode: 'navigate'` cannot be set on a constructed Request: a stand-in with the read fields.
  const request = { mode: 'navigate', url: url.href, headers: new Headers() } as Request;
  return { request, url, sameOrigin: true };
}

function fetchOf(path: string, accept: string) {
  const url = new URL(path, ORIGIN);
  return { request: new Request(url, { headers: { accept } }), url, sameOrigin: true };
}

describe.each([
  ['as written', isPageRequest],
  ['as copied into sw.js', asCopiedIntoWorker(isPageRequest)],
])('isPageRequest %s', (_form, isPage) => {
  it.each(['/', '/services', '/tracking/loading', '/geotext/map/room-1', '/mmm-openid/callback'])(
    'takes a navigation to %s for a page of the PWA',
    (path) => {
      expect(isPage(navigation(path))).toBe(true);
    },
  );

  it('takes a fetch that asks for HTML (the landing page kept for offline use) for a page', () => {
    expect(isPage(fetchOf('/?brand=mmm', 'text/html'))).toBe(true);
  });

  it.each([
    '/common/services/abc',
    '/storage/generate-download-url',
    '/autodispatch/api/suggestions',
    '/app-config.json',
    '/brands/mmm/logo.svg',
    '/manifest.webmanifest',
    '/docs',
    '/docs/json',
    '/health',
    '/ready',
    '/map/style.json',
    '/oidc/auth',
  ])('leaves the server path %s to the network', (path) => {
    expect(isPage(navigation(path))).toBe(false);
  });

  it('leaves scripts, data and other origins alone', () => {
    expect(isPage(fetchOf('/assets/index-abc.js', '*/*'))).toBe(false);
    expect(isPage(fetchOf('/locales/es/common.json', 'application/json'))).toBe(false);
    expect(isPage({ ...navigation('/'), sameOrigin: false })).toBe(false);
  });

  it('does not take a path that only begins like a server path', () => {
    expect(isPage(navigation('/mapa'))).toBe(true);
    expect(isPage(navigation('/documents'))).toBe(true);
  });
});

describe.each([
  ['as written', pageCacheKey],
  ['as copied into sw.js', asCopiedIntoWorker(pageCacheKey)],
])('pageCacheKey %s', (_form, cacheKey) => {
  const keyOf = (path: string) => cacheKey({ request: new Request(new URL(path, ORIGIN)) });
  const IN_USE = `${ORIGIN}/?auxilio-shell=in-use`;

  it("is the brand's shell: every address of one brand is one entry, each brand its own", async () => {
    expect(await keyOf('/services?brand=mmm')).toBe(`${ORIGIN}/?brand=mmm`);
    expect(await keyOf('/tracking/loading?brand=mmm')).toBe(`${ORIGIN}/?brand=mmm`);
    expect(await keyOf('/services?brand=otium')).not.toBe(await keyOf('/services?brand=mmm'));
  });

  it('takes an address without brand or account for the shell in use', async () => {
    expect(await keyOf('/services')).toBe(IN_USE);
    expect(await keyOf('/')).toBe(IN_USE);
    expect(await keyOf('/tracking?lang=en')).toBe(IN_USE);
  });

  it('keeps the account, which decides the brand when no brand is named', async () => {
    expect(await keyOf('/?account=acc-1&lang=en')).toBe(`${ORIGIN}/?account=acc-1`);
    expect(await keyOf('/?brand=mmm&account=acc-1')).toBe(`${ORIGIN}/?brand=mmm&account=acc-1`);
  });

  it('drops personal and one-time values of the entry link', async () => {
    expect(
      await keyOf(
        '/?brand=honda&plate=ECH-155&fullName=Ana%20Rivera&phoneNumber=7875550000&lang=en',
      ),
    ).toBe(`${ORIGIN}/?brand=honda`);
    expect(await keyOf('/mmm-openid/callback?code=secret&state=abc')).toBe(IN_USE);
    expect(await keyOf('/svc-1?account=acc-1&t=token&redirect=tracking/loading')).toBe(
      `${ORIGIN}/?account=acc-1`,
    );
  });

  it('keeps a repeated brand as it came (the server then names none)', async () => {
    expect(await keyOf('/?brand=mmm&brand=otium')).toBe(`${ORIGIN}/?brand=mmm&brand=otium`);
    expect(await keyOf('/?brand=mmm&brand=otium')).not.toBe(await keyOf('/?brand=mmm'));
  });
});

describe.each([
  ['as written', keepShellInUse],
  ['as copied into sw.js', asCopiedIntoWorker(keepShellInUse)],
])('keepShellInUse %s', (_form, keepInUse) => {
  function stubCaches() {
    const put = vi.fn((_key: string, _response: Response) => Promise.resolve());
    const open = vi.fn((_name: string) => Promise.resolve({ put }));
    vi.stubGlobal('caches', { open });
    return { open, put };
  }

  it("copies a brand's page as the shell in use, in the same cache", async () => {
    const { open, put } = stubCaches();
    const page = new Response('<!doctype html>');
    await keepInUse({
      cacheName: 'auxilio-pages@1',
      request: new Request(`${ORIGIN}/?brand=mmm`),
      newResponse: page,
    });
    expect(open).toHaveBeenCalledWith('auxilio-pages@1');
    expect(put).toHaveBeenCalledWith(`${ORIGIN}/?auxilio-shell=in-use`, page);
  });

  it('does not copy the shell in use onto itself', async () => {
    const { put } = stubCaches();
    await keepInUse({
      cacheName: 'auxilio-pages@1',
      request: new Request(`${ORIGIN}/?auxilio-shell=in-use`),
      newResponse: new Response(''),
    });
    expect(put).not.toHaveBeenCalled();
  });
});

describe.each([
  ['as written', keepPageWithoutFirstPaint],
  ['as copied into sw.js', asCopiedIntoWorker(keepPageWithoutFirstPaint)],
])('keepPageWithoutFirstPaint %s', (_form, keepWithout) => {
  const page =
    '<!doctype html><html><head><title>Auxilio</title></head><body><div id="root">' +
    '<!--first-paint--><header class="app-header"></header><h1>¿Qué servicio necesitas?</h1>' +
    '<!--/first-paint--></div><script type="module" src="/assets/index-1.js"></script></body></html>';

  it('keeps the page without the screen painted for its address, so it opens any screen', async () => {
    const response = new Response(page, {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'self'",
        'content-encoding': 'br',
        'content-length': '512',
      },
    });
    const kept = await keepWithout({ response });
    expect(kept?.status).toBe(200);
    expect(await kept?.text()).toBe(
      '<!doctype html><html><head><title>Auxilio</title></head><body><div id="root"></div>' +
        '<script type="module" src="/assets/index-1.js"></script></body></html>',
    );
    expect(kept?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(kept?.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(kept?.headers.has('content-encoding')).toBe(false);
    expect(kept?.headers.has('content-length')).toBe(false);
  });

  it('leaves the response the page receives untouched', async () => {
    const response = new Response(page, { status: 200 });
    await keepWithout({ response });
    expect(await response.text()).toBe(page);
  });

  it('keeps no page that is not a 200', async () => {
    expect(await keepWithout({ response: new Response('', { status: 503 }) })).toBeNull();
  });
});

describe('page caches of earlier releases', () => {
  it.each([
    ['as written', deleteEarlierPageCaches],
    ['as copied into sw.js', asCopiedIntoWorker(deleteEarlierPageCaches)],
  ])('are deleted once a page is stored in this release (%s)', async (_form, deleteEarlier) => {
    const current = pageCacheName('2026-02-01T10:00:00.000Z');
    const names = [
      pageCacheName('2026-01-01T10:00:00.000Z'),
      current,
      'auxilio-brand-assets',
      'workbox-precache-v2-https://auxilio.example/',
    ];
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: () => Promise.resolve(names),
      delete: (name: string) => {
        deleted.push(name);
        return Promise.resolve(true);
      },
    });
    await deleteEarlier({ cacheName: current });
    expect(deleted).toEqual([pageCacheName('2026-01-01T10:00:00.000Z')]);
  });

  it('leaves every cache alone when the name has no release part', async () => {
    const remove = vi.fn(() => Promise.resolve(true));
    vi.stubGlobal('caches', { keys: () => Promise.resolve(['a', 'b']), delete: remove });
    await deleteEarlierPageCaches({ cacheName: 'pages' });
    expect(remove).not.toHaveBeenCalled();
  });
});
