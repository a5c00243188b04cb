import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * `reply.sendFile` over the built PWA (WEB_DIST_DIR). It registers no route of its own: the web
 * shell route decides which paths are files, which get the branded index.html and which are 404.
 * Nothing is registered when the web app is not built.
 */
async function staticPlugin(app: FastifyInstance): Promise<void> {
  const root = app.config.webDistDir;
  if (!existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    serve: false,
    // The build writes `<file>.br` and `<file>.gz` beside each text file (docs/decisions/710):
    // the one the request accepts is sent (br first), with the original's Content-Type, its own
    // ETag and `Vary: Accept-Encoding`; the file itself when none fits.
    preCompressed: true,
    // Cache headers are set per file by the web shell route.
    cacheControl: false,
    etag: true,
    lastModified: true,
  });
}

export default fp(staticPlugin, { name: 'static' });
