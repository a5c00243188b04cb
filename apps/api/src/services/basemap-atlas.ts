import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { ATTRIBUTION, type Atlas } from '@auxilio/geo';
import { buildAtlas } from '@auxilio/geo/atlas';

// The demo basemap's data (ARCHITECTURE decision 7 "bundled GeoJSON atlas"), built lazily on first
// use from the npm data packages (about 0.2 s) and kept in memory, serialized and gzipped once.
// Every replica builds the same bytes, so the version hash and the URLs agree (decision 260).

const require = createRequire(import.meta.url);

export interface BasemapFile {
  body: Buffer;
  gzip: Buffer;
  contentType: string;
}

export interface BasemapAtlas {
  atlas: Atlas;
  /** Hash of every file: part of the data URLs, so they can be cached for good. */
  version: string;
  files: Map<string, BasemapFile>;
}

/** The shipped Latin Inter font (SIL OFL) MapLibre draws the place names with. */
const FONT_FILE = '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

function file(body: Buffer, contentType: string): BasemapFile {
  return { body, gzip: gzipSync(body, { level: 9 }), contentType };
}

function json(value: unknown, contentType = 'application/json; charset=utf-8'): BasemapFile {
  return file(Buffer.from(JSON.stringify(value)), contentType);
}

function build(): BasemapAtlas {
  const atlas = buildAtlas();
  const geojson = 'application/geo+json; charset=utf-8';
  const files = new Map<string, BasemapFile>([
    ['countries.geojson', json(atlas.countries, geojson)],
    ['municipios.geojson', json(atlas.municipios, geojson)],
    ['places.geojson', json(atlas.places, geojson)],
    ['attribution.json', json({ attribution: ATTRIBUTION })],
    ['inter-latin.woff2', file(readFileSync(require.resolve(FONT_FILE)), 'font/woff2')],
  ]);
  const hash = createHash('sha256');
  for (const [name, { body }] of files) hash.update(name).update(body);
  return { atlas, version: hash.digest('hex').slice(0, 16), files };
}

let cached: Promise<BasemapAtlas> | undefined;

/** The atlas and its served files, built once per process. */
export function loadBasemapAtlas(): Promise<BasemapAtlas> {
  cached ??= Promise.resolve().then(build);
  return cached;
}
