import { SuggestionCallSchema, SuggestionResponseSchema } from '@auxilio/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../lib/route-schemas.ts';
import { suggestDrivers } from '../../services/dispatch.ts';

/** SPEC 7 "POST /api/suggestions (auto-dispatch service) {request}". */
const suggestionsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/api/suggestions',
    {
      schema: {
        tags: ['autodispatch'],
        summary: 'The nearest available drivers of the branch by ETA, coarsely (at most 5)',
        description:
          'Empty without a database query when the situation is at 0,0 (SPEC 5). ETAs come from ' +
          'the estimate router and are approximate (ARCHITECTURE decision 7). Decision 418: the ' +
          'app key is public, so the answer cannot locate a driver: the nearest 5 only, `eta` in ' +
          'whole minutes (seconds, rounded up), `distance` in 500 m steps, `_id` new on every ' +
          'call. Counts against the lookup budget (decision 417: 429 with Retry-After).',
        security: APP_KEY_SECURITY,
        body: SuggestionCallSchema,
        response: { 200: SuggestionResponseSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    (request) => suggestDrivers(app.repositories, request.body.request),
  );
  done();
};

/**
 * The auto-dispatch service base URL (ARCHITECTURE decision 1: `/autodispatch`). It needs the app
 * key like the common API (docs/decisions/164).
 */
export default async function autodispatchRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.requireAppKey);
  await app.register(suggestionsRoutes);
}
