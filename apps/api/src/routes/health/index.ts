import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';

const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** GET /health: liveness plus a database ping; 503 when the database does not answer. */
const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['operations'],
        summary: 'Health check (pings the database)',
        response: { 200: HealthSchema, 503: ERROR_RESPONSES[500].describe('Database unavailable') },
      },
    },
    async (request, reply) => {
      try {
        await app.repositories.health.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health: database ping failed');
        throw new AppError('UNAVAILABLE', 'Database unavailable');
      }
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
  done();
};

export default healthRoutes;
