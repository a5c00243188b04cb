import { describe, expect, it } from 'vitest';
import {
  filesLoadedWith,
  firstScreenFiles,
  keepFirstScreen,
  type BuildManifest,
} from './first-screen-precache.ts';

// Decision 730: the service worker precaches the app shell and the first screens only; the map,
// later screens and telemetry are kept at run time when first used.

/** A build manifest shaped like Vite's for this app (names shortened). */
const MANIFEST: BuildManifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-b2.js', '_i18n-c3.js'],
    css: ['assets/index-d4.css'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_i18n-c3.js': { file: 'assets/i18n-c3.js', imports: ['_react-b2.js'] },
  'src/app/routes/home.tsx': {
    file: 'assets/home-e5.js',
    imports: ['index.html', '_guards-f6.js'],
    css: ['assets/home-g7.css'],
  },
  '_guards-f6.js': { file: 'assets/guards-f6.js' },
  'src/app/routes/services.tsx': {
    file: 'assets/services-h8.js',
    imports: ['index.html', '_guards-f6.js', '_service-icon-i9.js'],
    css: ['assets/services-j0.css', 'assets/flow-screen-k1.css'],
  },
  '_service-icon-i9.js': { file: 'assets/service-icon-i9.js' },
  '../../node_modules/workbox-window/build/workbox-window.prod.es5.mjs': {
    file: 'assets/workbox-window.prod.es5-l2.js',
  },
  'src/features/help/components/help-dialog.tsx': {
    file: 'assets/help-dialog-r8.js',
    imports: ['index.html'],
    css: ['assets/help-dialog-s9.css'],
  },
  'src/features/pwa/components/update-snackbar.tsx': {
    file: 'assets/update-snackbar-t0.js',
    imports: ['index.html'],
  },
  'src/features/services/components/services-dialogs.ts': {
    file: 'assets/services-dialogs-u1.js',
    imports: ['index.html', '_dialog-v2.js'],
  },
  '_dialog-v2.js': { file: 'assets/dialog-v2.js', css: ['assets/dialog-w3.css'] },
  'src/app/routes/tracking.tsx': {
    file: 'assets/tracking-m3.js',
    imports: ['index.html', '_map-view-n4.js'],
    css: ['assets/tracking-o5.css'],
  },
  '_map-view-n4.js': { file: 'assets/map-view-n4.js', imports: ['_leaflet-p6.js'] },
  '_leaflet-p6.js': { file: 'assets/leaflet-p6.js' },
  'src/lib/telemetry/telemetry-runtime.ts': { file: 'assets/telemetry-error-reporting-q7.js' },
};

const SHELL_AND_FIRST_SCREENS = [
  'assets/index-a1.js',
  'assets/index-d4.css',
  'assets/react-b2.js',
  'assets/i18n-c3.js',
  'assets/home-e5.js',
  'assets/home-g7.css',
  'assets/guards-f6.js',
  'assets/services-h8.js',
  'assets/services-j0.css',
  'assets/flow-screen-k1.css',
  'assets/service-icon-i9.js',
  'assets/workbox-window.prod.es5-l2.js',
  'assets/help-dialog-r8.js',
  'assets/help-dialog-s9.css',
  'assets/update-snackbar-t0.js',
  'assets/services-dialogs-u1.js',
  'assets/dialog-v2.js',
  'assets/dialog-w3.css',
];

describe('filesLoadedWith', () => {
  it('follows static imports recursively, once each, with their styles', () => {
    expect([...filesLoadedWith(MANIFEST, ['src/app/routes/tracking.tsx'])].sort()).toEqual(
      [
        'assets/tracking-m3.js',
        'assets/tracking-o5.css',
        'assets/map-view-n4.js',
        'assets/leaflet-p6.js',
        'assets/index-a1.js',
        'assets/index-d4.css',
        'assets/react-b2.js',
        'assets/i18n-c3.js',
      ].sort(),
    );
  });

  it('refuses a key the manifest does not have', () => {
    expect(() => filesLoadedWith(MANIFEST, ['_gone.js'])).toThrow(/no chunk '_gone.js'/);
  });
});

describe('firstScreenFiles', () => {
  it('is the entry, its imports and the first screens: no map, no later screen, no telemetry', () => {
    const files = firstScreenFiles(MANIFEST);
    expect([...files].sort()).toEqual([...SHELL_AND_FIRST_SCREENS].sort());
    for (const file of files) expect(file).not.toMatch(/map-view|leaflet|tracking|telemetry/);
  });

  it('fails the build when a first screen is no longer in the manifest', () => {
    expect(() => firstScreenFiles(MANIFEST, [/^src\/app\/routes\/renamed\.tsx$/])).toThrow(
      /first-screen module/,
    );
  });

  it('fails the build without an entry', () => {
    expect(() => firstScreenFiles({ 'x.ts': { file: 'assets/x.js' } }, [])).toThrow(/no entry/);
  });
});

describe('keepFirstScreen', () => {
  const entry = (url: string) => ({ url, size: 100, revision: null });

  it('drops the scripts and styles no first screen loads and keeps the other files', () => {
    const listed = [
      ...SHELL_AND_FIRST_SCREENS,
      'assets/tracking-m3.js',
      'assets/tracking-o5.css',
      'assets/map-view-n4.js',
      'assets/leaflet-p6.js',
      'assets/telemetry-error-reporting-q7.js',
      'assets/inter-latin-wght-normal-r8.woff2',
      'locales/es/common.json',
      'offline.html',
      'offline.css',
      'offline.js',
    ].map(entry);
    const kept = keepFirstScreen(listed, firstScreenFiles(MANIFEST)).map((e) => e.url);
    expect(kept.sort()).toEqual(
      [
        ...SHELL_AND_FIRST_SCREENS,
        'assets/inter-latin-wght-normal-r8.woff2',
        'locales/es/common.json',
        'offline.html',
        'offline.css',
        'offline.js',
      ].sort(),
    );
  });

  it('refuses any page but the offline page: the server answers no /index.html', () => {
    expect(() => keepFirstScreen([entry('index.html')], new Set())).toThrow(/index\.html/);
    expect(keepFirstScreen([entry('offline.html')], new Set())).toEqual([entry('offline.html')]);
  });
});
