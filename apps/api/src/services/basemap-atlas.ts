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

const GEOJSON_TYPE = 'application/geo+json; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/** Every data file of the basemap and the content type it is served with (routes/map). */
export const BASEMAP_FILE_TYPES = {
  'countries.geojson': GEOJSON_TYPE,
  'municipios.geojson': GEOJSON_TYPE,
  'places.geojson': GEOJSON_TYPE,
  'attribution.json': JSON_TYPE,
  'inter-latin.woff2': 'font/woff2',
} as const;
type BasemapFileName = keyof typeof BASEMAP_FILE_TYPES;

const jsonBytes = (value: unknown) => Buffer.from(JSON.stringify(value));

function build(): BasemapAtlas {
  const atlas = buildAtlas();
  const bodies: Record<BasemapFileName, Buffer> = {
    'countries.geojson': jsonBytes(atlas.countries),
    'municipios.geojson': jsonBytes(atlas.municipios),
    'places.geojson': jsonBytes(atlas.places),
    'attribution.json': jsonBytes({ attribution: ATTRIBUTION }),
    'inter-latin.woff2': readFileSync(require.resolve(FONT_FILE)),
  };
  const files = new Map<string, BasemapFile>(
    Object.entries(bodies).map(([name, body]) => [
      name,
      {
        body,
        gzip: gzipSync(body, { level: 9 }),
        contentType: BASEMAP_FILE_TYPES[name as BasemapFileName],
      },
    ]),
  );
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
