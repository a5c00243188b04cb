import { gzipSync } from 'node:zlib';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { routeNotFound } from '../../lib/errors.ts';
import { loadBasemapAtlas, type BasemapFile } from '../../services/basemap-atlas.ts';
import { basemapStyle } from '../../services/basemap-style.ts';

// The public demo basemap (ARCHITECTURE decision 7, decision 260): a MapLibre style and the files it
// points at. No app key: MapLibre fetches these without custom headers, and they hold public data.

/** Style: short cache, revalidated by ETag (it names the current data version). */
const STYLE_CACHE = 'public, max-age=300';
const JSON_TYPE = 'application/json; charset=utf-8';
/** Data files live under their version hash: cached for good. */
const DATA_CACHE = 'public, max-age=31536000, immutable';

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
        response: { 200: z.unknown(), 304: z.null(), ...ERROR_RESPONSES },
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
        response: { 200: z.unknown(), 304: z.null(), ...ERROR_RESPONSES },
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
