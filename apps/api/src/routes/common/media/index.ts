import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/errors.ts';
import { ERROR_RESPONSES, NOT_MODIFIED } from '../../../lib/route-schemas.ts';

const FileSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}\.svg$/, 'Expected <id>.svg')
  .describe('<id>.svg');

/**
 * GET /common/media/:file: generated pictures (driver photos, vehicles) stored in the media table.
 * Public, because `<img>` cannot send the app key; the content never changes for an id.
 */
const mediaRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'A generated picture (SVG)',
        params: z.object({ file: FileSchema }),
        response: {
          200: { description: 'The file', content: { 'image/svg+xml': { schema: z.string() } } },
          304: NOT_MODIFIED,
          400: ERROR_RESPONSES[400],
          404: ERROR_RESPONSES[404],
        },
      },
    },
    async (request, reply) => {
      const id = request.params.file.replace(/\.svg$/, '');
      const file = await app.repositories.media.findById(id);
      if (!file) throw notFound('Media', request.params.file);
      const etag = `"${file.sha256}"`;
      reply
        .header('cache-control', 'public, max-age=86400')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return reply.type(file.contentType).send(file.body);
    },
  );
  done();
};

export default mediaRoutes;
