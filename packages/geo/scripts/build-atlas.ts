// Writes the demo atlas as GeoJSON files: `tsx packages/geo/scripts/build-atlas.ts <output dir>`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildAtlas } from '../src/atlas.ts';
import { ATTRIBUTION } from '../src/attribution.ts';

const target = process.argv[2];
if (!target) {
  console.error('usage: tsx packages/geo/scripts/build-atlas.ts <output dir>');
  process.exit(2);
}
const outDir = resolve(target);
mkdirSync(outDir, { recursive: true });
const atlas = buildAtlas();
const files: Record<string, unknown> = {
  'countries.geojson': atlas.countries,
  'municipios.geojson': atlas.municipios,
  'places.geojson': atlas.places,
  'attribution.json': { attribution: ATTRIBUTION },
};
for (const [name, data] of Object.entries(files)) {
  const text = JSON.stringify(data);
  writeFileSync(join(outDir, name), text);
  console.log(`${name}: ${text.length} bytes, ${gzipSync(text).length} gzipped`);
}
