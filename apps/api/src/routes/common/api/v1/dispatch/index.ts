import {
  ApiErrorSchema,
  ContractSearchQuerySchema,
  ContractSearchResponseSchema,
  LimitCheckRequestSchema,
  LimitCheckResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { checkLimit, searchContracts } from '../../../../../services/contracts.ts';

/** SPEC 7 GET /api/v1/dispatch/contracts/ and POST /api/v1/dispatch/contact/checklimit. */
const dispatchRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/contracts/',
    {
      schema: {
        tags: ['contracts'],
        summary:
          "Contracts found by the brand's lookup field, best first (the client uses the first)",
        description:
          'SPEC 5: `search` is a plate (hyphens and case ignored), a holder name, a member id or, ' +
          'for policy-number brands, a policy number, as the brand of `account` looks up. Contracts ' +
          "of the account's brand in `branch` (default: the account's) are searched; `active=true` " +
          'keeps active, unexpired ones (decision 250).',
        security: APP_KEY_SECURITY,
        querystring: ContractSearchQuerySchema,
        response: { 200: ContractSearchResponseSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await searchContracts(app.repositories, request.query) }),
  );

  app.post(
    '/contact/checklimit',
    {
      schema: {
        tags: ['contracts'],
        summary:
          "Limit check of a contract for a situation: the verdict in data (client's data.data)",
        description:
          'Decisions 124 and 250: `checkLimit` and `setOnDemand` both true send the client to ' +
          'exceed-limit, or to vehicle-not-found when `contractPlate` differs from the entered ' +
          'plate; `surplus` is what the customer pays above the coverage (cents, before tax). The ' +
          "fees must be the account's (400 naming the fee otherwise).",
        security: APP_KEY_SECURITY,
        body: LimitCheckRequestSchema,
        response: {
          200: LimitCheckResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          404: ApiErrorSchema.describe('No contract has that id'),
        },
      },
    },
    async (request) => ({ data: await checkLimit(app.repositories, request.body) }),
  );
  done();
};

export default dispatchRoutes;
