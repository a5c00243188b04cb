import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/**
 * GET /health: liveness (decision 495). The process answers, whatever its dependencies do: a
 * database outage is not a reason to restart the API (it recovers by itself); GET /ready says
 * whether to send it traffic.
 */
const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process answers (the database may be down; see /ready)',
        response: { 200: HealthSchema },
      },
    },
    (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
  done();
};

export default healthRoutes;
