import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { placeLabels, type Atlas } from '@auxilio/geo';
import { buildAtlas } from '@auxilio/geo/atlas';

// The demo basemap's data (ARCHITECTURE decision 7 "bundled GeoJSON atlas"), built lazily on first
// use from the npm data packages (about 0.2 s) and kept in memory, serialized and compressed once.
// Every replica builds the same bytes, so the version hash and the URLs agree (decision 260). The
// files are what the PWA's Leaflet map draws (decision 700).

export interface BasemapFile {
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  contentType: string;
}

export interface BasemapAtlas {
  atlas: Atlas;
  /** Hash of every file: part of the data URLs, so they can be cached for good. */
  version: string;
  files: Map<string, BasemapFile>;
}

const GEOJSON_TYPE = 'application/geo+json; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/** Every data file of the basemap and the content type it is served with (routes/map). */
export const BASEMAP_FILE_TYPES = {
  'countries.geojson': GEOJSON_TYPE,
  'municipios.geojson': GEOJSON_TYPE,
  'place-labels.json': JSON_TYPE,
} as const;
type BasemapFileName = keyof typeof BASEMAP_FILE_TYPES;

/** Brotli's best: built once per process, and these bytes cross a weak signal on every phone. */
const BROTLI_QUALITY = 11;

const jsonBytes = (value: unknown) => Buffer.from(JSON.stringify(value));

function build(): BasemapAtlas {
  const atlas = buildAtlas();
  const bodies: Record<BasemapFileName, Buffer> = {
    'countries.geojson': jsonBytes(atlas.countries),
    'municipios.geojson': jsonBytes(atlas.municipios),
    'place-labels.json': jsonBytes(placeLabels(atlas.places)),
  };
  const files = new Map<string, BasemapFile>(
    Object.entries(bodies).map(([name, body]) => [
      name,
      {
        body,
        gzip: gzipSync(body, { level: 9 }),
        br: brotliCompressSync(body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
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
