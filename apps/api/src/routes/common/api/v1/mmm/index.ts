import { ApiErrorSchema, MemberIdSchema, MemberVehiclesResponseSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { contractViewerOf } from '../../../../../services/identity/contract-viewer.ts';
import { getMemberVehicles } from '../../../../../services/vehicle-coverage.ts';

/** SPEC 7 GET /api/v1/mmm/member/{id}/vehicle. */
const mmmRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const viewerOf = contractViewerOf(app);
  app.get(
    '/member/:id/vehicle',
    {
      schema: {
        tags: ['contracts'],
        summary: "The vehicles of an MMM member's current contracts (data)",
        description:
          'SPEC 5: MMM brands look vehicles up by member id. Answers the vehicles of the ' +
          "member's active, unexpired contracts with the mmm and mmm-empleados accounts, each " +
          'with its contract id (decision 411); an empty list when none is current.',
        security: APP_KEY_SECURITY,
        params: z.object({ id: MemberIdSchema }),
        response: {
          200: MemberVehiclesResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          404: ApiErrorSchema.with(z.describe('No MMM contract has that member id')),
        },
      },
    },
    async (request) => ({
      data: await getMemberVehicles(app.repositories, request.params.id, await viewerOf(request)),
    }),
  );
  done();
};

export default mmmRoutes;
