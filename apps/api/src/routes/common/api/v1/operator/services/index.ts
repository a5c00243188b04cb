import { ApiErrorSchema, ServiceIdSchema, ServicePhotosResponseSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorKeyCheck } from '../../../../../../lib/operator-key.ts';
import { publicOriginOf } from '../../../../../../lib/public-origin.ts';
import { ERROR_RESPONSES } from '../../../../../../lib/route-schemas.ts';
import { listServicePhotosForOperator } from '../../../../../../services/storage/service-photos.ts';

// The operator's read of a service's accident photos (decision 660), with the operator key
// (`Authorization: Bearer <OPERATOR_API_KEY>`, decision 600), never the public app key.

const OPERATOR_SECURITY = [{ operatorKey: [] }];

const operatorServicesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.addHook('onRequest', operatorKeyCheck(app.config.operatorApiKey));

  app.get(
    '/:id/photos',
    {
      schema: {
        tags: ['operator'],
        summary: 'The accident photos recorded on a service, with signed URLs that show them',
        description:
          'Oldest first; each `signedUrl` reads its photo until `expiresAt` ' +
          '(STORAGE_URL_EXPIRES_SECONDS).',
        security: OPERATOR_SECURITY,
        params: z.object({ id: ServiceIdSchema }),
        response: {
          200: ServicePhotosResponseSchema,
          ...ERROR_RESPONSES,
          401: ApiErrorSchema.with(
            z.describe('Missing or wrong operator key (`Authorization: Bearer`)'),
          ),
          404: ApiErrorSchema.with(z.describe('No service has that id')),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listServicePhotosForOperator(
        app.repositories,
        app.objectStorage,
        request.params.id,
        publicOriginOf(app),
      );
    },
  );
  done();
};

export default operatorServicesRoutes;
