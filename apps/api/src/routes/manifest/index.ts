import { DEFAULT_LANGUAGE } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { BrandQuerySchema } from '../app-config/index.ts';
import { resolveRequestBrand } from '../../services/brand-context.ts';
import { buildWebManifest, WebManifestSchema } from '../../services/web-manifest.ts';

/** GET /manifest.webmanifest?brand=: the brand's web app manifest (linked from index.html). */
const manifestRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/manifest.webmanifest',
    {
      schema: {
        tags: ['web'],
        summary: 'Web app manifest of the resolved brand',
        querystring: BrandQuerySchema,
        response: {
          200: {
            description: 'The web app manifest',
            content: { 'application/manifest+json': { schema: WebManifestSchema } },
          },
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const { brand } = await resolveRequestBrand(app.repositories, {
        ...request.query,
        host: request.host,
      });
      reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache');
      return buildWebManifest(brand, DEFAULT_LANGUAGE);
    },
  );
  done();
};

export default manifestRoutes;
