// What the service worker keeps at run time besides pages (docs/decisions/730): the files the
// precache leaves out (the map, later screens, other font subsets), the map's data, and the two
// catalogue reads the first screens draw from. Workbox's generateSW copies these functions into
// sw.js as source text, so each one is self-contained: no imports, no outer variables.

/** What Workbox gives a route's match callback (the fields used here). */
export interface RouteMatch {
  request: Request;
  url: URL;
  sameOrigin: boolean;
}

/**
 * A file of the build under /assets/ on this origin: content-hashed names, so a kept copy never
 * goes stale (cache first). Precached files never reach this route: the precache answers first.
 */
export const isBuiltAsset = ({ url, sameOrigin }: RouteMatch): boolean =>
  sameOrigin && /^\/assets\/[^/]+$/.test(url.pathname);

/** A basemap data file under its version (`/map/data/<version>/<name>`): immutable, cache first. */
export const isVersionedMapData = ({ url, sameOrigin }: RouteMatch): boolean =>
  sameOrigin && /^\/map\/data\/[^/]+\/[^/]+$/.test(url.pathname);

/** Any other map file (style, tiles, data without a version): shown from the copy, then refreshed. */
export const isMapFile = ({ url, sameOrigin }: RouteMatch): boolean =>
  sameOrigin && url.pathname.startsWith('/map/');

/**
 * The account and the service-type catalogue (`GET /common/accounts/<id>`,
 * `/common/services/types/all`): no personal data, and what the header and the first screen draw
 * their tiles and help phone from, so a repeat visit without network still shows them.
 */
export const isCatalogueRead = ({ request, url, sameOrigin }: RouteMatch): boolean =>
  sameOrigin &&
  request.method === 'GET' &&
  /^\/common\/(?:accounts\/[0-9a-f]{24}|services\/types\/all)$/.test(url.pathname);
