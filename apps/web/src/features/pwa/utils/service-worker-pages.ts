// How the service worker treats the PWA's pages (docs/decisions/176). Every page is index.html with
// one brand injected by the server per request (decisions 163, 173), so no page is precached: a page
// is fetched network-first and kept per address and brand, and a page never kept falls back to the
// brand-neutral offline page.
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
 * The cache key of a page: its origin and path with only the `brand` and `account` query, the
 * inputs (with the host, part of the origin) from which the server brands the page. So each brand's
 * page is kept apart, and the entry's other parameters (plate, fullName, phoneNumber, sign-in code,
 * shared-link token) never reach the cache.
 */
export const pageCacheKey = ({ request }: { request: Request }): Promise<string> => {
  const url = new URL(request.url);
  const key = new URL(url.origin + url.pathname);
  for (const name of ['brand', 'account']) {
    for (const value of url.searchParams.getAll(name)) key.searchParams.append(name, value);
  }
  return Promise.resolve(key.href);
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
