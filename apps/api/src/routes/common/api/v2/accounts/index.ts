import { AccountIdSchema, IntegrationListSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { listAccountIntegrations } from '../../../../../services/accounts.ts';

/** SPEC 7 GET /api/v2/accounts/{id}/integrations. */
const accountsV2Routes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/:id/integrations',
    {
      schema: {
        tags: ['accounts'],
        summary: "An account's integrations (service creation, tracking)",
        security: APP_KEY_SECURITY,
        params: z.object({ id: AccountIdSchema }),
        response: { 200: IntegrationListSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    (request) => listAccountIntegrations(app.repositories, request.params.id),
  );
  done();
};

export default accountsV2Routes;
