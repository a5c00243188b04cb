import { CustomerFeeQuerySchema, CustomerFeeResponseSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../lib/route-schemas.ts';
import { customerFee } from '../../../services/fees.ts';

/** SPEC 7 GET /fees/customer. */
const feesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/customer',
    {
      schema: {
        tags: ['fees'],
        summary: "The customer fee in cents, before tax, in data (the client's data.data)",
        description:
          "Decision 251: the account's fee for the situation plus its management fee. The fee " +
          'total adds the branch tax on it (SPEC 9). `branch` must be the account branch.',
        security: APP_KEY_SECURITY,
        querystring: CustomerFeeQuerySchema,
        response: { 200: CustomerFeeResponseSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await customerFee(app.repositories, request.query) }),
  );
  done();
};

export default feesRoutes;
