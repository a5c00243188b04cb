import { RuntimeConfigSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { resolveBrandContext } from '../../services/brand-context.ts';
import { buildRuntimeConfig } from '../../services/runtime-config.ts';

/** SPEC 2 entry parameters that decide the brand; anything else in the query is ignored. */
export const BrandQuerySchema = z.object({
  brand: z.string().max(100).optional().describe('Brand slug; wins over everything else'),
  account: z
    .string()
    .max(100)
    .optional()
    .describe('Account id; its brand is used when no `brand` is given, and it becomes accountId'),
});

/**
 * GET /app-config.json?brand=&account=: the runtime config of ARCHITECTURE decision 5. Public: it
 * hands out the public app key. The folder is named without `.json` for readability.
 */
const appConfigRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/app-config.json',
    {
      schema: {
        tags: ['web'],
        summary: 'Runtime config of the PWA for the resolved brand',
        querystring: BrandQuerySchema,
        response: { 200: RuntimeConfigSchema, 400: ERROR_RESPONSES[400] },
      },
    },
    async (request, reply) => {
      const context = await resolveBrandContext(app.repositories, {
        ...request.query,
        host: request.host,
      });
      reply.header('cache-control', 'no-cache');
      return buildRuntimeConfig(app.config, context, app.pushNotifications.vapidPublicKey);
    },
  );
  done();
};

export default appConfigRoutes;
