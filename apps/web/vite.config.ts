import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { brandIcons } from './build/brand-icons.ts';
import { CHUNK_GROUPS } from './build/chunk-groups.ts';
import { precompress } from './build/precompress.ts';
import { preloadFirstTexts } from './build/preload-first-texts.ts';
import {
  firstScreenFiles,
  keepFirstScreen,
  type BuildManifest,
} from './src/features/pwa/utils/first-screen-precache.ts';
import {
  deleteEarlierPageCaches,
  isPageRequest,
  keepPageWithoutFirstPaint,
  keepShellInUse,
  pageCacheKey,
  pageCacheName,
} from './src/features/pwa/utils/service-worker-pages.ts';
import {
  isBuiltAsset,
  isCatalogueRead,
  isMapFile,
  isVersionedMapData,
} from './src/features/pwa/utils/service-worker-routes.ts';

/** Files of the groups the entry imports statically (build/chunk-groups.ts), with their styles. */
const LOADED_WITH_ENTRY = /^assets\/(?:vendor|first-screen|rolldown-runtime)-[\w-]+\.(?:js|css)$/;

/** Paths the API serves; in dev and preview they go to the API on port 3001 (scripts/dev.mjs). */
export const API_PATHS = [
  '/common',
  '/storage',
  '/autodispatch',
  '/app-config.json',
  '/brands',
  '/manifest.webmanifest',
  '/docs',
  '/health',
  '/ready',
  '/map',
] as const;

const API_TARGET = 'http://127.0.0.1:3001';

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  API_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: false }]),
);

/** Changes every build; keys the local translation cache so a new release never reads stale text. */
const BUILD_ID = new Date().toISOString();

// The service worker's page route (docs/decisions/176) carries its own list of server paths, since
// Workbox copies it into sw.js as source text: it must leave alone every path the API answers.
const SERVER_PATHS = [...API_PATHS, '/oidc'];
const serverPathsTakenForPages = SERVER_PATHS.filter((path) =>
  [path, `${path}/x`].some((candidate) => {
    const url = new URL(candidate, 'http://localhost');
    const request = new Request(url, { headers: { accept: 'text/html' } });
    return isPageRequest({ request, url, sameOrigin: true });
  }),
);
if (serverPathsTakenForPages.length > 0) {
  throw new Error(
    `isPageRequest (src/features/pwa/utils/service-worker-pages.ts) would treat ` +
      `${serverPathsTakenForPages.join(', ')} as pages of the PWA: add them to its list`,
  );
}

/** How long a page waits for the network before the service worker answers with the kept copy. */
const PAGE_NETWORK_TIMEOUT_SECONDS = 3;

/** The brand-neutral no-connection page (public/offline.html, with its offline.css and offline.js). */
const OFFLINE_PAGE = 'offline.html';

/** A year and a month, in seconds: how long a kept copy of a content-hashed file may stay unused. */
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const MONTH_SECONDS = 30 * 24 * 60 * 60;

/** The build directory as vite-plugin-pwa resolved it (`--outDir` included), once it builds sw.js. */
let serviceWorkerBuildDir = '';

/** Vite's build manifest of this build (`build.manifest`), written before sw.js is generated. */
function readBuildManifest(): BuildManifest {
  if (!serviceWorkerBuildDir) throw new Error('vite-plugin-pwa named no build directory');
  const path = join(serviceWorkerBuildDir, '.vite', 'manifest.json');
  return JSON.parse(readFileSync(path, 'utf8')) as BuildManifest;
}

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  plugins: [
    // React 19 in the build, the dev server and the unit tests: the renderer tested is the one
    // shipped (decision 720).
    react(),
    // Each catalog brand's PNG icons for installing the app (docs/decisions/740).
    brandIcons(),
    // The first screen's texts download with the page (docs/decisions/720).
    preloadFirstTexts(BUILD_ID),
    VitePWA({
      // SPEC 2: "A snackbar 'New version available' with Ok reloads": the user decides when.
      registerType: 'prompt',
      // Registered from React (src/features/pwa) so the snackbar can drive the update.
      injectRegister: false,
      // The server serves a manifest per brand at /manifest.webmanifest?brand=<slug>.
      manifest: false,
      integration: {
        beforeBuildServiceWorker(options) {
          serviceWorkerBuildDir = options.workbox.globDirectory ?? '';
        },
      },
      workbox: {
        // Precache (decisions 176, 730): the app shell and the first screens only, so the worker
        // installs on a weak signal. Scripts and styles: the entry, what it imports, the `/` and
        // `/services` screens and the worker's registration (manifestTransforms below picks them
        // from Vite's build manifest); the Latin Inter (Spanish and English need no other subset);
        // the Spanish texts of those screens; the offline page. No page: each is index.html with
        // one brand injected by the server, which never serves /index.html itself (decision 163).
        globPatterns: [
          'assets/*.{js,css}',
          'assets/inter-latin-wght-normal-*.woff2',
          'locales/es/{common,errors,home,services}.json',
          'offline.{html,css,js}',
        ],
        // Telemetry adapters load only where a deployment turns them on (decision 631): never
        // precached. Nor are source maps, nor the Brotli and gzip copies (the server picks them).
        globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'assets/telemetry-*.js'],
        manifestTransforms: [
          (entries) => ({
            manifest: keepFirstScreen(entries, firstScreenFiles(readBuildManifest()), OFFLINE_PAGE),
            warnings: [],
          }),
        ],
        // Translation files are addressed per build (`?v=`, src/lib/locale-files.ts): the precached
        // copy is that build's.
        ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^v$/],
        navigateFallback: null,
        // The first visit's page is controlled at once, so it can be kept for offline use and the
        // offline page can answer without a reload. Updates still wait for the snackbar's Ok.
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Web Push (decision 452): the push and notificationclick handlers, served from public/.
        importScripts: ['push-sw.js'],
        runtimeCaching: [
          {
            // Pages: network first; a copy per brand (its shell) for offline use, dropped with the
            // release it came with; an address without brand opens the shell in use; a brand never
            // kept gets the offline page.
            urlPattern: isPageRequest,
            handler: 'NetworkFirst',
            options: {
              cacheName: pageCacheName(BUILD_ID),
              networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 30 },
              precacheFallback: { fallbackURL: OFFLINE_PAGE },
              plugins: [
                // Kept without the screen the server painted for its address (decision 770).
                { cacheWillUpdate: keepPageWithoutFirstPaint },
                { cacheKeyWillBeUsed: pageCacheKey, cacheDidUpdate: deleteEarlierPageCaches },
                { cacheDidUpdate: keepShellInUse },
              ],
            },
          },
          {
            // Scripts, styles and fonts the precache leaves out (the map and its library, later
            // screens, other font subsets), kept once used. Content-hashed names: cache first.
            urlPattern: isBuiltAsset,
            handler: 'CacheFirst',
            options: {
              cacheName: 'auxilio-assets',
              cacheableResponse: { statuses: [200] },
              expiration: {
                maxEntries: 120,
                maxAgeSeconds: MONTH_SECONDS,
                purgeOnQuotaError: true,
              },
            },
          },
          {
            // The basemap's data files live under their version: cache first, for a year.
            urlPattern: isVersionedMapData,
            handler: 'CacheFirst',
            options: {
              cacheName: 'auxilio-map-data',
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 60, maxAgeSeconds: YEAR_SECONDS, purgeOnQuotaError: true },
            },
          },
          {
            // The map's other files (its style names the current data version): the kept copy at
            // once, refreshed behind it.
            urlPattern: isMapFile,
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'auxilio-map',
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 200, purgeOnQuotaError: true },
            },
          },
          {
            // The account and the service types: the header and the service tiles on a repeat
            // visit without network. Network first, so a change reaches an online phone at once.
            urlPattern: isCatalogueRead,
            handler: 'NetworkFirst',
            options: {
              cacheName: 'auxilio-catalogue',
              networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 20 },
            },
          },
          {
            // Brand logos and icons (one address per brand): the header of a kept page offline;
            // and the brand's service centres, for a driver with no signal (decision 621).
            urlPattern: /\/brands\/[\w-]+\/(?:[\w-]+\.(?:svg|png)|centers\.json)$/,
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'auxilio-brand-assets',
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 40 },
            },
          },
          {
            // Texts not precached (English, other screens), for a kept page offline after the
            // app's own copy of them (60 minutes, SPEC 9) expired.
            urlPattern: /\/locales\/(?:es|en)\/[\w-]+\.json(?:\?v=[^&#]*)?$/,
            handler: 'NetworkFirst',
            options: {
              cacheName: 'auxilio-translations',
              networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 60 },
            },
          },
        ],
      },
    }),
    // Brotli and gzip copies of the text files, after sw.js is written (docs/decisions/710).
    precompress(),
  ],
  server: { port: 3000, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    // bench/bundle-size.ts reads the manifest to measure what each screen downloads.
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    // A screen's chunk is fetched with the files it imports, except those the entry itself imports
    // (build/chunk-groups.ts): they are loaded before any screen, and naming them in each route's
    // list would add to the scripts the first screen waits for. This also leaves them out of the
    // page's own preload links: the entry script names them (docs/decisions/720).
    modulePreload: {
      resolveDependencies: (_filename, deps) => deps.filter((dep) => !LOADED_WITH_ENTRY.test(dep)),
    },
    rolldownOptions: {
      // @auxilio/domain is pure (CONVENTIONS: no I/O), but its zod schemas are built by top-level
      // calls that a bundler must otherwise keep: declaring its modules side-effect free lets the
      // build drop the schemas and rules a screen never imports. Other modules keep the default.
      treeshake: {
        moduleSideEffects: (id: string) =>
          /[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id) ? false : undefined,
      },
      // Which modules share a file (build/chunk-groups.ts, decision 720).
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
});
