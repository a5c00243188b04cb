// Bundle-size benchmark (ARCHITECTURE "Performance budgets"): gzipped JavaScript that a phone downloads
// before the first screen shows, and all JavaScript of the build. Reads the Vite manifest of
// apps/web/dist (run `npm run build` first); prints the figures and exits non-zero over budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const KIB = 1024;
/** ARCHITECTURE: "JS before the map loads, for /services: <= 100 KiB gzipped". */
const FIRST_SCREEN_BUDGET_KIB = 100;
/** ARCHITECTURE: "Total JS incl. map: <= 365 KiB". */
const TOTAL_BUDGET_KIB = 365;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const gzipKib = (file: string): number => gzipSync(readFileSync(join(dist, file))).length / KIB;

/** A chunk and everything it imports statically: what loads before it runs. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

function sizeOf(keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk?.file.endsWith('.js')) total += gzipKib(chunk.file);
  }
  return total;
}

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry) throw new Error('No entry chunk in the Vite manifest: run `npm run build` first.');
const servicesRoute = Object.keys(manifest).find((key) => /routes[\\/]services/.test(key));

const firstScreen = staticClosure(entry);
if (servicesRoute) staticClosure(servicesRoute, firstScreen);
const firstScreenKib = sizeOf(firstScreen);
// Telemetry adapters (decision 631) load only where a deployment configures them, and are never
// precached: they are reported apart, not in the total every phone may download.
const isTelemetry = (key: string) => /^assets\/telemetry-/.test(manifest[key]?.file ?? '');
const totalKib = sizeOf(Object.keys(manifest).filter((key) => !isTelemetry(key)));
const telemetryKib = sizeOf(Object.keys(manifest).filter(isTelemetry));

const rows = [
  ['JS before the map, /services (gzip)', firstScreenKib, FIRST_SCREEN_BUDGET_KIB],
  ['All JS of the build (gzip)', totalKib, TOTAL_BUDGET_KIB],
] as const;
console.log(`Optional telemetry, only where configured (gzip): ${telemetryKib.toFixed(1)} KiB`);
let over = false;
for (const [name, kib, budget] of rows) {
  const ok = kib <= budget;
  over ||= !ok;
  console.log(`${name}: ${kib.toFixed(1)} KiB (budget ${budget} KiB) ${ok ? 'ok' : 'OVER BUDGET'}`);
}
// The request-flow screens load no map code: MapLibre alone is about 300 KiB gzipped (decision 240)
// and a stranded customer on a weak signal must not wait for it before choosing a service. Map code
// (MapLibre, react-map-gl and the map view) may only be reached through a dynamic import.
const REQUEST_FLOW_ROUTES = [
  'services',
  'services-tow',
  'services-tow-questions',
  'plate',
  'other-options',
  'clients',
  'payment',
];
const isMapCode = (key: string) => /maplibre-gl|react-map-gl|\/map\/components\//.test(key);
for (const route of REQUEST_FLOW_ROUTES) {
  const key = `src/app/routes/${route}.tsx`;
  if (!manifest[key]) throw new Error(`No chunk for ${key} in the Vite manifest`);
  const mapChunks = [...staticClosure(key)].filter(isMapCode);
  const ok = mapChunks.length === 0;
  over ||= !ok;
  console.log(`${key} loads map code: ${ok ? 'no, ok' : mapChunks.join(', ')}`);
}
process.exitCode = over ? 1 : 0;
