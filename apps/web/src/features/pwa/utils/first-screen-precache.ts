// Which of the build's scripts and styles the service worker precaches (docs/decisions/730): the
// app shell (the entry and what it imports before it runs) and the first screens a visitor lands
// on, nothing else. Every other chunk (the map, later screens, telemetry) is kept at run time the
// first time it is used. Read by vite.config.ts at build time, from Vite's build manifest.

/** One chunk of Vite's build manifest (`.vite/manifest.json`): the fields read here. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Vite's build manifest: chunks by source key (`index.html`, `src/app/routes/services.tsx`). */
export type BuildManifest = Record<string, ManifestChunk>;

/** A precache entry as Workbox lists it (url relative to the build directory). */
export interface PrecacheEntry {
  url: string;
  size: number;
  revision?: string | null;
}

/**
 * The modules of the first screens, besides the entry: `/` (where entry links land) and
 * `/services` (SPEC 2's service picker), plus what the frame loads on every page after its first
 * render: the Help dialog, the update snackbar and the service-worker registration (workbox-window,
 * imported dynamically by vite-plugin-pwa's register module).
 */
export const FIRST_SCREEN_MODULES: readonly RegExp[] = [
  /^src\/app\/routes\/home\.tsx$/,
  /^src\/app\/routes\/services\.tsx$/,
  /^src\/features\/services\/components\/services-dialogs\.ts$/,
  /^src\/features\/help\/components\/help-dialog\.tsx$/,
  /^src\/features\/pwa\/components\/update-snackbar\.tsx$/,
  /[\\/]workbox-window[\\/]/,
];

/** The files of `keys` and of what they import statically, recursively, with their styles. */
export function filesLoadedWith(manifest: BuildManifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const pending = [...keys];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk '${key}'`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

/**
 * The scripts and styles of the app shell and the first screens: every entry of the manifest and
 * the modules matching `modules`, each with what it imports before it runs. Throws when a pattern
 * matches no module (a first screen renamed must not silently fall out of the precache).
 */
export function firstScreenFiles(
  manifest: BuildManifest,
  modules: readonly RegExp[] = FIRST_SCREEN_MODULES,
): Set<string> {
  const keys = Object.keys(manifest);
  const entries = keys.filter((key) => manifest[key]?.isEntry === true);
  if (entries.length === 0) throw new Error('The build manifest has no entry chunk');
  const roots = [...entries];
  for (const pattern of modules) {
    const matched = keys.filter((key) => pattern.test(key));
    if (matched.length === 0) {
      throw new Error(`No module of the build manifest matches the first-screen module ${pattern}`);
    }
    roots.push(...matched);
  }
  return filesLoadedWith(manifest, roots);
}

/** A built script or style (`assets/*.js`, `assets/*.css`): precached only when in the first screens. */
const BUILT_CODE = /^assets\/[^/]+\.(?:js|css)$/;

/**
 * Workbox's precache list without the scripts and styles that no first screen loads. Other files
 * (the Latin font, the first screens' texts, the offline page) pass as the glob patterns chose them.
 * Throws on a page in the list other than the offline page: every page is index.html with a brand
 * injected by the server, which answers no /index.html (decision 163), and one failing URL keeps
 * the whole worker from installing.
 */
export function keepFirstScreen<T extends PrecacheEntry>(
  entries: readonly T[],
  firstScreen: ReadonlySet<string>,
  offlinePage = 'offline.html',
): T[] {
  const pages = entries.filter((entry) => entry.url.endsWith('.html') && entry.url !== offlinePage);
  if (pages.length > 0) {
    throw new Error(
      `The precache must hold no page but ${offlinePage}: ${pages.map((page) => page.url).join(', ')}`,
    );
  }
  return entries.filter((entry) => !BUILT_CODE.test(entry.url) || firstScreen.has(entry.url));
}
