import { describe, expect, it } from 'vitest';
import {
  isBuiltAsset,
  isCatalogueRead,
  isMapFile,
  isVersionedMapData,
  type RouteMatch,
} from './service-worker-routes.ts';

// Decision 730: what the service worker keeps at run time. Workbox copies these functions into
// sw.js as source text, so they are also checked as that text, evaluated on their own.

const ORIGIN = 'https://auxilio.example';

function asCopiedIntoWorker<T>(fn: T): T {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the worker's copy of the code
  const copy = new Function(`return (${String(fn)});`) as () => T;
  return copy();
}

function get(path: string, { method = 'GET', sameOrigin = true } = {}): RouteMatch {
  const url = new URL(path, ORIGIN);
  return { request: new Request(url, { method }), url, sameOrigin };
}

describe.each([
  ['as written', { isBuiltAsset, isVersionedMapData, isMapFile, isCatalogueRead }],
  [
    'as copied into sw.js',
    {
      isBuiltAsset: asCopiedIntoWorker(isBuiltAsset),
      isVersionedMapData: asCopiedIntoWorker(isVersionedMapData),
      isMapFile: asCopiedIntoWorker(isMapFile),
      isCatalogueRead: asCopiedIntoWorker(isCatalogueRead),
    },
  ],
])('run-time routes %s', (_form, routes) => {
  it('keeps the build files the precache leaves out: the map, later screens, fonts', () => {
    for (const path of [
      '/assets/map-view-Ab12.js',
      '/assets/leaflet-Cd34.js',
      '/assets/tracking-Ef56.css',
      '/assets/inter-greek-wght-normal-Gh78.woff2',
    ])
      expect(routes.isBuiltAsset(get(path))).toBe(true);
    expect(routes.isBuiltAsset(get('/assets/x.js', { sameOrigin: false }))).toBe(false);
    expect(routes.isBuiltAsset(get('/brands/mmm/assets/logo.svg'))).toBe(false);
    expect(routes.isBuiltAsset(get('/locales/es/common.json'))).toBe(false);
  });

  it('tells the versioned basemap data from the other map files', () => {
    expect(routes.isVersionedMapData(get('/map/data/3f2a9c/coast.geojson'))).toBe(true);
    expect(routes.isVersionedMapData(get('/map/style.json'))).toBe(false);
    expect(routes.isMapFile(get('/map/style.json'))).toBe(true);
    expect(routes.isMapFile(get('/map/tiles/5/9/14.json'))).toBe(true);
    expect(routes.isMapFile(get('/mapa'))).toBe(false);
    expect(routes.isMapFile(get('/map/style.json', { sameOrigin: false }))).toBe(false);
  });

  it('keeps only the account and service-type reads of the API, nothing personal', () => {
    expect(routes.isCatalogueRead(get('/common/accounts/c9c3881679b7a328820d09cb'))).toBe(true);
    expect(routes.isCatalogueRead(get('/common/services/types/all'))).toBe(true);
    for (const path of [
      '/common/accounts/salesforce/0015g00000ABCDEFGH',
      '/common/accounts/campaigns/spring',
      '/common/api/v1/services/svc-1',
      '/common/api/v1/services/svc-1/events',
      '/common/api/v1/dispatch/contracts/',
    ])
      expect(routes.isCatalogueRead(get(path))).toBe(false);
    expect(routes.isCatalogueRead(get('/common/services/types/all', { method: 'POST' }))).toBe(
      false,
    );
  });
});
