import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BasemapManifestSchema, PlaceLabelsSchema } from '@auxilio/domain';
import { ERROR_RESPONSES, fileBody, NOT_MODIFIED } from '../../lib/route-schemas.ts';
import { routeNotFound } from '../../lib/errors.ts';
import { addVary, chooseContentCoding } from '../../lib/response-compression.ts';
import {
  BASEMAP_FILE_TYPES,
  loadBasemapAtlas,
  type BasemapFile,
} from '../../services/basemap-atlas.ts';
import { basemapManifest } from '../../services/basemap-style.ts';

// The public demo basemap (ARCHITECTURE decision 7, decisions 260 and 700): a manifest and the data
// files it names, drawn by the PWA's Leaflet map. No app key: they hold public data, and the map's
// requests need no custom headers.

/** Manifest: short cache, revalidated by ETag (it names the current data version). */
const MANIFEST_CACHE = 'public, max-age=300';
const JSON_TYPE = 'application/json; charset=utf-8';
/** Data files live under their version hash: cached for good. */
const DATA_CACHE = 'public, max-age=31536000, immutable';

const COMPRESSION_NOTE =
  'Brotli (`Content-Encoding: br`) or gzip (`gzip`) when the request accepts it, compressed once.';

/** What a data file's body is, by its media type, for the OpenAPI document. */
const DATA_BODIES: Record<string, z.core.$ZodType> = {
  'application/geo+json': z
    .looseObject({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) })
    .describe('A GeoJSON FeatureCollection'),
  'application/json': PlaceLabelsSchema.with(z.describe('The place labels, largest place first')),
};

/** The data files grouped by the media type they are served with (parameters left out). */
const DATA_TYPES = new Map<string, string[]>();
for (const [name, contentType] of Object.entries(BASEMAP_FILE_TYPES)) {
  const mediaType = contentType.split(';')[0] ?? contentType;
  DATA_TYPES.set(mediaType, [...(DATA_TYPES.get(mediaType) ?? []), name]);
}

/** The 200 of a data file in the OpenAPI document: each media type and the files served with it. */
const DATA_RESPONSE = {
  description: [
    'The file; its content type depends on its name:',
    '',
    ...[...DATA_TYPES].map(
      ([mediaType, names]) =>
        `- ${names.map((name) => `\`${name}\``).join(', ')}: \`${mediaType}\``,
    ),
    '',
    COMPRESSION_NOTE,
  ].join('\n'),
  content: Object.fromEntries(
    [...DATA_TYPES.keys()].map((mediaType) => [
      mediaType,
      { schema: DATA_BODIES[mediaType] ?? fileBody('The file') },
    ]),
  ),
};

function send(request: FastifyRequest, reply: FastifyReply, file: BasemapFile, etag: string) {
  // Each coding is its own representation: its own validator (a cache never mixes them up).
  const coding = chooseContentCoding(request.headers['accept-encoding']);
  const validator = coding ? `${etag.slice(0, -1)}-${coding}"` : etag;
  addVary(reply, 'accept-encoding');
  reply.header('etag', validator).type(file.contentType);
  if (request.headers['if-none-match'] === validator) return reply.code(304).send();
  if (coding) return reply.header('content-encoding', coding).send(file[coding]);
  return reply.send(file.body);
}

/** The manifest of a data version, serialized and compressed once. */
const manifests = new Map<string, BasemapFile>();
function manifestFile(atlas: Awaited<ReturnType<typeof loadBasemapAtlas>>): BasemapFile {
  let file = manifests.get(atlas.version);
  if (!file) {
    const body = Buffer.from(JSON.stringify(basemapManifest(atlas)));
    file = { body, gzip: gzipSync(body), br: brotliCompressSync(body), contentType: JSON_TYPE };
    manifests.set(atlas.version, file);
  }
  return file;
}

const mapRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/basemap.json',
    {
      schema: {
        tags: ['map'],
        summary: 'Manifest of the demo basemap: its data files, colours and zoom cap',
        response: {
          200: {
            description: `The manifest the PWA's map reads (decision 700). ${COMPRESSION_NOTE}`,
            content: { 'application/json': { schema: BasemapManifestSchema } },
          },
          304: NOT_MODIFIED,
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const atlas = await loadBasemapAtlas();
      reply.header('cache-control', MANIFEST_CACHE);
      return send(request, reply, manifestFile(atlas), `"basemap-${atlas.version}"`);
    },
  );

  app.get(
    '/data/:version/:name',
    {
      schema: {
        tags: ['map'],
        summary: 'A GeoJSON layer or the place labels of the demo basemap (immutable per version)',
        params: z.object({ version: z.string().max(64), name: z.string().max(64) }),
        response: { 200: DATA_RESPONSE, 304: NOT_MODIFIED, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const atlas = await loadBasemapAtlas();
      const { version, name } = request.params;
      const file = atlas.files.get(name);
      // An old version's URL is not kept: the client reads the manifest again and gets the new one.
      if (!file || version !== atlas.version) throw routeNotFound('GET', request.url);
      reply.header('cache-control', DATA_CACHE);
      return send(request, reply, file, `"${atlas.version}-${name}"`);
    },
  );
  done();
};

export default mapRoutes;
