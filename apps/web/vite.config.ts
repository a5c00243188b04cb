import { defineConfig, type ProxyOptions } from 'vite';
import preact from '@preact/preset-vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PREACT_ALIASES } from './preact-compat.ts';
import {
  deleteEarlierPageCaches,
  isPageRequest,
  pageCacheKey,
  pageCacheName,
} from './src/features/pwa/utils/service-worker-pages.ts';

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

// Vendor groups: each library family in its own long-cacheable chunk; screens are split by route
// (route.lazy in src/app/routes/route-table.tsx), so the first screen loads only what it uses.
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  { name: 'preact', test: /node_modules[\\/]preact[\\/]/ },
  { name: 'router', test: /node_modules[\\/](wouter|regexparam)[\\/]/ },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next[^\\/]*|react-i18next|html-parse-stringify|void-elements)[\\/]/,
  },
  { name: 'state', test: /node_modules[\\/](@tanstack|zustand|use-sync-external-store)[\\/]/ },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
];

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  resolve: { alias: PREACT_ALIASES },
  plugins: [
    // Preact with its React compatibility layer (decision 240); aliases also set below for clarity.
    preact({ reactAliasesEnabled: false }),
    VitePWA({
      // SPEC 2: "A snackbar 'New version available' with Ok reloads": the user decides when.
      registerType: 'prompt',
      // Registered from React (src/features/pwa) so the snackbar can drive the update.
      injectRegister: false,
      // The server serves a manifest per brand at /manifest.webmanifest?brand=<slug>.
      manifest: false,
      workbox: {
        // Precache (decision 176): the app's scripts and styles, the Latin Inter (Spanish and English
        // need no other subset; the browser fetches others on demand), the Spanish texts loaded
        // before the first screen (PRELOADED_NAMESPACES of src/lib/i18n.ts) and the offline page.
        // No page: each is index.html with one brand injected by the server, which never serves
        // /index.html itself (decision 163).
        globPatterns: [
          'assets/*.{js,css}',
          'assets/inter-latin-wght-normal-*.woff2',
          'locales/es/{common,errors}.json',
          'offline.{html,css,js}',
        ],
        // Telemetry adapters load only where a deployment turns them on (decision 631): never
        // precached, so a phone without them downloads none of their bytes.
        globIgnores: ['**/*.map', 'assets/telemetry-*.js'],
        navigateFallback: null,
        // The first visit's page is controlled at once, so it can be kept for offline use and the
        // offline page can answer without a reload. Updates still wait for the snackbar's Ok.
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Web Push (decision 452): the push and notificationclick handlers, served from public/.
        importScripts: ['push-sw.js'],
        runtimeCaching: [
          {
            // Pages: network first; a copy per address and brand for offline use, dropped with
            // the release it came with; else the offline page.
            urlPattern: isPageRequest,
            handler: 'NetworkFirst',
            options: {
              cacheName: pageCacheName(BUILD_ID),
              networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 30 },
              precacheFallback: { fallbackURL: OFFLINE_PAGE },
              plugins: [
                { cacheKeyWillBeUsed: pageCacheKey, cacheDidUpdate: deleteEarlierPageCaches },
              ],
            },
          },
          {
            // Brand logos and icons (one address per brand): the header of a kept page offline;
            // and the brand's service centres, for a driver with no signal (decision 621).
            urlPattern: /\/brands\/[\w-]+\/(?:[\w-]+\.svg|centers\.json)$/,
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
            urlPattern: /\/locales\/(?:es|en)\/[\w-]+\.json$/,
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
  ],
  server: { port: 3000, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    // bench/bundle-size.ts reads the manifest to measure what each screen downloads.
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // @auxilio/domain is pure (CONVENTIONS: no I/O), but its zod schemas are built by top-level
      // calls that a bundler must otherwise keep: declaring its modules side-effect free lets the
      // build drop the schemas and rules a screen never imports. Other modules keep the default.
      treeshake: {
        moduleSideEffects: (id: string) =>
          /[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id) ? false : undefined,
      },
      output: { codeSplitting: { groups: VENDOR_GROUPS } },
    },
  },
});
