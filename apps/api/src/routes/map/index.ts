import { gzipSync } from 'node:zlib';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_RESPONSES, fileBody, NOT_MODIFIED } from '../../lib/route-schemas.ts';
import { routeNotFound } from '../../lib/errors.ts';
import {
  BASEMAP_FILE_TYPES,
  loadBasemapAtlas,
  type BasemapFile,
} from '../../services/basemap-atlas.ts';
import { basemapStyle } from '../../services/basemap-style.ts';

// The public demo basemap (ARCHITECTURE decision 7, decision 260): a MapLibre style and the files it
// points at. No app key: MapLibre fetches these without custom headers, and they hold public data.

/** Style: short cache, revalidated by ETag (it names the current data version). */
const STYLE_CACHE = 'public, max-age=300';
const JSON_TYPE = 'application/json; charset=utf-8';
/** Data files live under their version hash: cached for good. */
const DATA_CACHE = 'public, max-age=31536000, immutable';

const GZIP_NOTE = 'Gzipped (`Content-Encoding: gzip`) when the request accepts it.';

/** What a data file's body is, by its media type, for the OpenAPI document. */
const DATA_BODIES: Record<string, z.ZodType> = {
  'application/geo+json': z
    .looseObject({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) })
    .describe('A GeoJSON FeatureCollection'),
  'application/json': z.looseObject({}).describe('A JSON object'),
  'font/woff2': fileBody('A WOFF2 font'),
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
    GZIP_NOTE,
  ].join('\n'),
  content: Object.fromEntries(
    [...DATA_TYPES.keys()].map((mediaType) => [
      mediaType,
      { schema: DATA_BODIES[mediaType] ?? fileBody('The file') },
    ]),
  ),
};

function send(request: FastifyRequest, reply: FastifyReply, file: BasemapFile, etag: string) {
  reply.header('etag', etag).header('vary', 'accept-encoding').type(file.contentType);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(file.gzip);
  }
  return reply.send(file.body);
}

const mapRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/style.json',
    {
      schema: {
        tags: ['map'],
        summary: 'MapLibre style of the demo basemap (coastlines, PR municipios, place names)',
        response: {
          200: {
            description: `The MapLibre style. ${GZIP_NOTE}`,
            content: { 'application/json': { schema: z.looseObject({}) } },
          },
          304: NOT_MODIFIED,
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const atlas = await loadBasemapAtlas();
      const body = Buffer.from(JSON.stringify(basemapStyle(atlas)));
      const etag = `"style-${atlas.version}"`;
      reply.header('cache-control', STYLE_CACHE);
      return send(request, reply, { body, gzip: gzipSync(body), contentType: JSON_TYPE }, etag);
    },
  );

  app.get(
    '/data/:version/:name',
    {
      schema: {
        tags: ['map'],
        summary: 'A GeoJSON layer or the label font of the demo basemap (immutable per version)',
        params: z.object({ version: z.string().max(64), name: z.string().max(64) }),
        response: { 200: DATA_RESPONSE, 304: NOT_MODIFIED, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const atlas = await loadBasemapAtlas();
      const { version, name } = request.params;
      const file = atlas.files.get(name);
      // An old version's URL is not kept: the client reloads the style and gets the new one.
      if (!file || version !== atlas.version) throw routeNotFound('GET', request.url);
      reply.header('cache-control', DATA_CACHE);
      return send(request, reply, file, `"${atlas.version}-${name}"`);
    },
  );
  done();
};

export default mapRoutes;
