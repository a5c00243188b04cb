import { defineConfig, type ProxyOptions } from 'vite';
import preact from '@preact/preset-vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PREACT_ALIASES } from './preact-compat.ts';

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
  '/map',
] as const;

const API_TARGET = 'http://127.0.0.1:3001';

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  API_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: false }]),
);

/** Changes every build; keys the local translation cache so a new release never reads stale text. */
const BUILD_ID = new Date().toISOString();

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
        // The app shell, Spanish texts (the default and fallback language), and the Latin subsets of
        // Inter (Spanish and English need no others; the browser fetches other subsets on demand).
        globPatterns: ['**/*.{js,css,html,svg}', 'assets/inter-latin-*.woff2', 'locales/es/*.json'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: API_PATHS.map(
          (path) => new RegExp(`^${path.replace(/[.]/g, '\\.')}(?:[/?]|$)`),
        ),
        cleanupOutdatedCaches: true,
        // Web Push (decision 452): the push and notificationclick handlers, served from public/.
        importScripts: ['push-sw.js'],
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
