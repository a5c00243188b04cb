import { DEFAULT_LANGUAGE, LANGUAGES } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { BrandQuerySchema } from '../app-config/index.ts';
import { resolveRequestBrand } from '../../services/brand-context.ts';
import { buildWebManifest, WebManifestSchema } from '../../services/web-manifest.ts';

/** The brand query, and the page's language (SPEC 1 `lang`; docs/decisions/740). */
const ManifestQuerySchema = BrandQuerySchema.extend({
  lang: z
    .enum(LANGUAGES)
    .optional()
    .describe(
      "Language of the page that links the manifest; Spanish (SPEC 1's default) without it",
    ),
});

/** GET /manifest.webmanifest?brand=&lang=: the brand's web app manifest (linked from index.html). */
const manifestRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/manifest.webmanifest',
    {
      schema: {
        tags: ['web'],
        summary: 'Web app manifest of the resolved brand, in the page language',
        querystring: ManifestQuerySchema,
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
      const { lang, ...hints } = request.query;
      const { brand } = await resolveRequestBrand(app.repositories, {
        ...hints,
        host: request.host,
      });
      reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache');
      return buildWebManifest(brand, lang ?? DEFAULT_LANGUAGE, app.webShell?.files);
    },
  );
  done();
};

export default manifestRoutes;
