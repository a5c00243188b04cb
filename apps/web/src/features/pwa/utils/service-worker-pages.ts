// How the service worker treats the PWA's pages (docs/decisions/176, 730). Every page is index.html
// with one brand injected by the server per request (decisions 163, 173), so no page is precached: a
// page is fetched network-first and kept as its brand's shell, and a brand never kept falls back to
// the brand-neutral offline page.
//
// Workbox's generateSW copies these functions into sw.js as source text, so each one is
// self-contained: no imports, no outer variables. They run in the service worker.

/** What Workbox gives a route's match callback (the fields used here). */
export interface PageRouteMatch {
  request: Request;
  url: URL;
  sameOrigin: boolean;
}

/**
 * A request for a page of the PWA: a navigation, or a fetch that asks for HTML (the landing page,
 * kept once the worker takes over), on this origin and outside the server's own paths: the APIs,
 * runtime config, brand files, manifest, API documents, health, map data and identity provider
 * (apps/web/vite.config.ts checks this list against its API_PATHS).
 */
export const isPageRequest = ({ request, url, sameOrigin }: PageRouteMatch): boolean =>
  sameOrigin &&
  (request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html')) &&
  !/^\/(?:common|storage|autodispatch|app-config\.json|brands|manifest\.webmanifest|docs|health|ready|map|oidc)(?:\/|$)/.test(
    url.pathname,
  );

/**
 * The cache key of a page: the brand's shell, its origin and `/` with only the `brand` and `account`
 * query, the inputs (with the host, part of the origin) from which the server brands a page. Every
 * path of the PWA is the same index.html for one brand (decision 163), so one kept copy per brand
 * opens any screen offline, and the entry's other parameters (plate, fullName, phoneNumber, sign-in
 * code, shared-link token) never reach the cache. An address without brand or account (one the app
 * reached by navigating, e.g. `/services` after a reload) is the shell in use: the last page the
 * server sent, whichever brand it had (docs/decisions/730).
 */
export const pageCacheKey = ({ request }: { request: Request }): Promise<string> => {
  const url = new URL(request.url);
  const key = new URL(`${url.origin}/`);
  for (const name of ['brand', 'account']) {
    for (const value of url.searchParams.getAll(name)) key.searchParams.append(name, value);
  }
  if (key.search === '') key.searchParams.set('auxilio-shell', 'in-use');
  return Promise.resolve(key.href);
};

/**
 * After a page is stored, keeps a copy as the shell in use (the key pageCacheKey reads for an
 * address without brand or account): the brand the visitor is using is the last one the server
 * branded a page for.
 */
export const keepShellInUse = async ({
  cacheName,
  request,
  newResponse,
}: {
  cacheName: string;
  request: Request;
  newResponse: Response;
}): Promise<void> => {
  const key = new URL(`${new URL(request.url).origin}/`);
  key.searchParams.set('auxilio-shell', 'in-use');
  if (request.url === key.href) return;
  const cache = await caches.open(cacheName);
  await cache.put(key.href, newResponse);
};

/** The page cache of one release: `<prefix>@<build id>`. */
export function pageCacheName(buildId: string): string {
  return `auxilio-pages@${buildId}`;
}

/**
 * After a page is stored, deletes the page caches of earlier releases (same prefix before `@`):
 * their pages load scripts that this release's precache no longer holds.
 */
export const deleteEarlierPageCaches = async ({
  cacheName,
}: {
  cacheName: string;
}): Promise<void> => {
  const at = cacheName.indexOf('@');
  if (at < 1) return;
  const prefix = cacheName.slice(0, at + 1);
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && name !== cacheName)
      .map((name) => caches.delete(name)),
  );
};

/**
 * Before a page is kept, takes out the screen the server painted into it for its address (between
 * `<!--first-paint-->` and `<!--/first-paint-->`, docs/decisions/770): the kept copy opens every
 * screen of its brand, and must never show one address's screen on another while the app starts.
 * The body kept is the decoded text, so the encoding and length headers go with it. Pages that are
 * not 200 are not kept.
 */
export const keepPageWithoutFirstPaint = async ({
  response,
}: {
  response: Response;
}): Promise<Response | null> => {
  if (response.status !== 200) return null;
  const html = await response.clone().text();
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(html.replace(/<!--first-paint-->[\s\S]*?<!--\/first-paint-->/g, ''), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
};
