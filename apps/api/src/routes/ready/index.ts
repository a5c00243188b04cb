import { setTimeout } from 'node:timers/promises';
import { ApiErrorSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

/** How long a readiness check waits for the first LISTEN of the process. */
const LISTEN_WAIT_MS = 2_000;

const ReadySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
});

/**
 * GET /ready: readiness for a load balancer (decision 495): the database answers and the live
 * updates LISTEN; 503 with Retry-After otherwise, so traffic goes to another replica meanwhile.
 */
const readyRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers and live updates are heard',
        response: {
          200: ReadySchema,
          503: ApiErrorSchema.with(
            z.describe('Not ready: the database or its LISTEN is unavailable'),
          ),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await app.repositories.health.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'ready: database ping failed');
        throw new AppError('UNAVAILABLE', 'Not ready: the database does not answer');
      }
      const bus = app.serviceEventsBus;
      if (!bus.listening()) {
        // The first LISTEN starts on first use: give it a moment rather than answer 503 at once.
        await Promise.race([bus.ready().catch(() => undefined), setTimeout(LISTEN_WAIT_MS)]);
        if (!bus.listening()) {
          throw new AppError('UNAVAILABLE', 'Not ready: live updates are not heard yet');
        }
      }
      return { status: 'ready' as const, database: app.database.kind };
    },
  );
  done();
};

export default readyRoutes;
