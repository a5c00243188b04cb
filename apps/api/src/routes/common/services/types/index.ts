import { ServiceTypeSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../lib/route-schemas.ts';
import { listServiceTypes } from '../../../../services/service-types.ts';

/** SPEC 7 GET /services/types/all: "list of name and category". */
const serviceTypesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/all',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Every service type with its category (15 road, 8 home)',
        security: APP_KEY_SECURITY,
        response: { 200: z.array(ServiceTypeSchema), ...APP_KEY_ERROR_RESPONSES },
      },
    },
    () => listServiceTypes(app.repositories),
  );
  done();
};

export default serviceTypesRoutes;
