// Bundle-size benchmark (ARCHITECTURE "Performance budgets"): the JavaScript a phone downloads for the
// first screen of /services and for /tracking, measured as the browser receives it (compressed).
// Reads the Vite manifest of the built PWA (apps/web/dist, or the folder in WEB_DIST_DIR); prints
// every figure with what it measured, and exits non-zero over budget or when a request-flow screen
// loads map code. `--files` also lists each screen's files, largest first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const KIB = 1024;
/** ARCHITECTURE: "First screen of /services, with React 19: <= 120 KiB of JS" (compressed). */
const SERVICES_BUDGET_KIB = 120;
/** ARCHITECTURE: "All JS of /tracking, map and its worker included: <= 365 KiB" (compressed). */
const TRACKING_BUDGET_KIB = 365;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** Files a chunk references by URL: MapLibre's worker (`.mjs`) was one. */
  assets?: string[];
}

const repo = join(import.meta.dirname, '..');
const dist = resolve(process.env['WEB_DIST_DIR'] ?? join(repo, 'apps', 'web', 'dist'));
const manifestFile = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile))
  throw new Error(`No Vite manifest at ${manifestFile}: run \`npm run build\` first.`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

// --- Bytes over the wire -------------------------------------------------------------------------

interface Size {
  raw: number;
  brotli: number;
  gzip: number;
}

const isScript = (file: string) => /\.m?js$/.test(file);

/**
 * Whether the build wrote its own compressed copies (build/precompress.ts, decision 710). The server
 * sends those; a file the build left uncompressed (under 1 KiB) then goes out as it is.
 */
const precompressed = readdirSync(join(dist, 'assets')).some((file) => file.endsWith('.br'));

const sizeCache = new Map<string, Size>();
/**
 * A file's size as sent: the build's `.br` / `.gz` copy; without copies in the build, compressed
 * here as the build would (Brotli quality 11, gzip level 9).
 */
function sizeOfFile(file: string): Size {
  const known = sizeCache.get(file);
  if (known) return known;
  const path = join(dist, file);
  const body = readFileSync(path);
  const sent = (suffix: string, compress: () => number): number => {
    if (existsSync(path + suffix)) return readFileSync(path + suffix).length;
    return precompressed ? body.length : compress();
  };
  const size = {
    raw: body.length,
    brotli: sent(
      '.br',
      () =>
        brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }).length,
    ),
    gzip: sent('.gz', () => gzipSync(body, { level: 9 }).length),
  };
  sizeCache.set(file, size);
  return size;
}

/** The script files of a set of manifest chunks: each chunk's file and the scripts it loads by URL. */
function scriptFiles(keys: Iterable<string>): string[] {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    for (const file of [chunk.file, ...(chunk.assets ?? [])]) if (isScript(file)) files.add(file);
  }
  return [...files];
}

function total(files: Iterable<string>): Size {
  const sum = { raw: 0, brotli: 0, gzip: 0 };
  for (const file of files) {
    const size = sizeOfFile(file);
    sum.raw += size.raw;
    sum.brotli += size.brotli;
    sum.gzip += size.gzip;
  }
  return sum;
}

// --- What a screen loads -------------------------------------------------------------------------

const foundEntry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!foundEntry) throw new Error('No entry chunk in the Vite manifest.');
const entry: string = foundEntry;

/** SPEC 2 route paths to their screen modules, read from the one route table. */
const ROUTE_TABLE_FILE = join(repo, 'apps', 'web', 'src', 'app', 'routes', 'route-table.tsx');
const routeModules = new Map<string, string>();
for (const match of readFileSync(ROUTE_TABLE_FILE, 'utf8').matchAll(
  /path: '([^']+)'.*?import\('\.\/([\w-]+\.tsx)'\)/g,
)) {
  const [, path, module] = match;
  if (path && module && !routeModules.has(path)) routeModules.set(path, `src/app/routes/${module}`);
}

function routeChunk(path: string): string {
  const key = routeModules.get(path);
  if (!key) throw new Error(`No route for exactly ${path} in route-table.tsx`);
  if (!manifest[key]) throw new Error(`No chunk for ${key} (route ${path}) in the Vite manifest`);
  return key;
}

/** Chunks and everything they import statically: what loads before they run. */
function staticClosure(keys: Iterable<string>, seen = new Set<string>()): Set<string> {
  const pending = [...keys];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    pending.push(...(manifest[key]?.imports ?? []));
  }
  return seen;
}

const screenChunks = new Set(routeModules.values());
/** Telemetry adapters (decision 631) load only where a deployment configures them. */
const isTelemetry = (key: string) =>
  /telemetry/.test(key) || /^assets\/telemetry-/.test(manifest[key]?.file ?? '');

/**
 * What the frame loads with its first render on every screen, without a tap: the Help dialog, the
 * update snackbar, and the service worker's registration (vite-plugin-pwa's `useRegisterSW`, in the
 * snackbar, imports workbox-window).
 */
const AFTER_RENDER_DYNAMIC: readonly RegExp[] = [
  /^src\/features\/help\/components\/help-dialog\.tsx$/,
  /^src\/features\/pwa\/components\/update-snackbar\.tsx$/,
  /node_modules\/workbox-window\//,
];

/**
 * Dynamic imports that wait for a tap even inside a counted chain: the phone number formatter is
 * loaded when a dialog that shows a number opens (the Help dialog, the call drawer).
 */
const ON_TAP_DYNAMIC: readonly RegExp[] = [/^src\/lib\/phone-format\.ts$/];

interface Screen {
  path: string;
  what: string;
  budget: number;
  /** The screen's own dynamic imports that its first render triggers (manifest keys). */
  firstRender: readonly RegExp[];
  /** Whether the budget covers what loads after the first render too (the worker's registration). */
  withAfterRender: boolean;
}

interface ScreenLoad {
  /** Chunks needed before the screen shows: entry, route, their static imports. */
  beforeRender: Set<string>;
  /** Chunks its first render and the shell's registration load dynamically, with their imports. */
  dynamicChunks: Set<string>;
  /** Those dynamic imports, as named in the manifest. */
  dynamicImports: string[];
  /** Dynamic imports reachable from the screen but left to a tap or a deployment. */
  onDemand: string[];
}

/**
 * What a screen loads: the entry and the route's chunk with their static imports; then, without a
 * tap, the dynamic imports the patterns name (the map view on /tracking, the worker's registration)
 * and whatever those load dynamically in turn (MapLibre's library and worker were such a chain).
 * Other screens and telemetry never count.
 */
function screenLoad(screen: Screen): ScreenLoad {
  const beforeRender = staticClosure([entry, routeChunk(screen.path)]);
  const patterns = [...screen.firstRender, ...AFTER_RENDER_DYNAMIC];
  const loaded = new Set(beforeRender);
  const dynamicChunks = new Set<string>();
  const dynamicImports: string[] = [];
  const onDemand = new Set<string>();
  const found = new Set<RegExp>();
  const pending = [...beforeRender];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    for (const imported of manifest[key]?.dynamicImports ?? []) {
      if (loaded.has(imported) || screenChunks.has(imported) || isTelemetry(imported)) continue;
      const pattern = patterns.find((candidate) => candidate.test(imported));
      if (pattern) found.add(pattern);
      // A chain started by a counted import counts whole, but for what waits for a tap; any other
      // import waits for a tap.
      const onTap = ON_TAP_DYNAMIC.some((candidate) => candidate.test(imported));
      if (!pattern && (onTap || !dynamicChunks.has(key))) {
        onDemand.add(imported);
        continue;
      }
      dynamicImports.push(imported);
      onDemand.delete(imported);
      for (const added of staticClosure([imported])) {
        if (loaded.has(added)) continue;
        loaded.add(added);
        dynamicChunks.add(added);
        pending.push(added);
      }
    }
  }
  // A pattern that matches nothing would silently drop what it names (the map) from the figure.
  const missing = patterns.filter((pattern) => !found.has(pattern));
  if (missing.length > 0)
    throw new Error(`${screen.path}: no dynamic import matches ${missing.join(', ')}`);
  return {
    beforeRender,
    dynamicChunks,
    dynamicImports,
    onDemand: [...onDemand].filter((key) => !loaded.has(key)),
  };
}

// --- Report --------------------------------------------------------------------------------------

const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;
const sizes = (size: Size) =>
  `${kib(size.brotli)} brotli; ${kib(size.gzip)} gzip; ${kib(size.raw)} uncompressed`;
const shortName = (key: string) => manifest[key]?.src ?? key;
const listFiles = process.argv.includes('--files');
let failed = false;

console.log(`Built PWA: ${dist}`);
console.log(
  'Sizes are of .js and .mjs files as the browser receives them: Brotli (what the server sends a ' +
    'browser that accepts br; the budgets are on it) and gzip beside it; ' +
    (precompressed
      ? "the build's own .br/.gz copies, and files under 1 KiB as they are (sent uncompressed)."
      : 'compressed here at Brotli quality 11 and gzip level 9 (the build has no copies).'),
);

const screens: readonly Screen[] = [
  {
    path: '/services',
    what: 'first screen of /services (what arrives before it renders)',
    budget: SERVICES_BUDGET_KIB,
    // The screen's dialogs load with its first render, before anyone can tap.
    firstRender: [/^src\/features\/services\/components\/services-dialogs\.ts$/],
    withAfterRender: false,
  },
  {
    path: '/tracking',
    what: 'all JS of /tracking (the map view, its library and any worker included)',
    budget: TRACKING_BUDGET_KIB,
    firstRender: [/^src\/lib\/map\/components\/map-view\.tsx$/],
    withAfterRender: true,
  },
];
for (const screen of screens) {
  const load = screenLoad(screen);
  const counted = screen.withAfterRender
    ? new Set([...load.beforeRender, ...load.dynamicChunks])
    : load.beforeRender;
  const files = scriptFiles(counted);
  const size = total(files);
  const ok = size.brotli / KIB <= screen.budget;
  failed ||= !ok;
  const dynamicText = screen.withAfterRender
    ? ` and the dynamic imports ${load.dynamicImports.map(shortName).join(', ')}`
    : '';
  console.log(
    `JS, ${screen.what}: ${kib(size.brotli)} brotli (budget ${screen.budget} KiB) ` +
      `${ok ? 'ok' : 'OVER BUDGET'}; ${kib(size.gzip)} gzip; ${kib(size.raw)} uncompressed; ` +
      `${files.length} files: entry, ${routeChunk(screen.path)}, their static imports${dynamicText}`,
  );
  if (!screen.withAfterRender) {
    const after = scriptFiles(load.dynamicChunks).filter((file) => !files.includes(file));
    console.log(
      `    then, after it renders and without a tap, ${load.dynamicImports.map(shortName).join(', ')}: ` +
        sizes(total(after)),
    );
  }
  if (load.onDemand.length > 0) {
    const later = scriptFiles(staticClosure(load.onDemand)).filter(
      (file) => !scriptFiles([...load.beforeRender, ...load.dynamicChunks]).includes(file),
    );
    console.log(
      `    not counted, loaded on a tap: ${load.onDemand.map(shortName).join(', ')}: ${sizes(total(later))}`,
    );
  }
  if (listFiles) {
    for (const file of files.sort((a, b) => sizeOfFile(b).brotli - sizeOfFile(a).brotli))
      console.log(`    ${file}: ${sizes(sizeOfFile(file))}`);
  }
}

const allKeys = Object.keys(manifest);
console.log(
  'JS of the whole build, every screen, telemetry left out (no budget: no phone loads it all): ' +
    sizes(total(scriptFiles(allKeys.filter((key) => !isTelemetry(key))))),
);
console.log(
  'JS of the optional telemetry adapters, only where a deployment configures them (decision 631): ' +
    sizes(total(scriptFiles(allKeys.filter(isTelemetry)))),
);

// The request-flow screens load no map code: a stranded customer on a weak signal must not wait
// for the map library before choosing a service. Map code (the map view module and its library)
// may only be reached through a dynamic import.
const REQUEST_FLOW_ROUTES = [
  'services',
  'services-tow',
  'services-tow-questions',
  'plate',
  'other-options',
  'clients',
  'payment',
];
const MAP_CODE = /leaflet|maplibre|react-map-gl|src\/lib\/map\/components\/map-view\.tsx$/;
const isMapCode = (key: string) => MAP_CODE.test(key) || MAP_CODE.test(manifest[key]?.file ?? '');
// Without a chunk the pattern recognises, the check below would pass whatever the screens load.
if (!allKeys.some(isMapCode))
  throw new Error(`No map chunk matches ${MAP_CODE} in the manifest: update the pattern`);
for (const route of REQUEST_FLOW_ROUTES) {
  const key = `src/app/routes/${route}.tsx`;
  if (!manifest[key]) throw new Error(`No chunk for ${key} in the Vite manifest`);
  const mapChunks = [...staticClosure([key])].filter(isMapCode);
  const ok = mapChunks.length === 0;
  failed ||= !ok;
  console.log(
    `Map code in the static imports of ${key}: ${ok ? 'none, ok' : mapChunks.join(', ')}`,
  );
}
process.exitCode = failed ? 1 : 0;
