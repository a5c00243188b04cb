import { z } from 'zod';
import {
  ApiErrorSchema,
  ContractSearchQuerySchema,
  ContractSearchResponseSchema,
  LimitCheckRequestSchema,
  LimitCheckResponseSchema,
  VehicleServicesQuerySchema,
  VehicleServicesResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../../../lib/route-schemas.ts';
import { checkLimit, searchContracts } from '../../../../../services/contracts.ts';
import { contractViewerOf } from '../../../../../services/identity/contract-viewer.ts';
import { getVehicleCoverage } from '../../../../../services/vehicle-coverage.ts';

/**
 * SPEC 7 GET /api/v1/dispatch/contracts/, POST /api/v1/dispatch/contact/checklimit and
 * GET /api/v1/dispatch/vehicle/services.
 */
const dispatchRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const viewerOf = contractViewerOf(app);
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
    async (request) => ({
      data: await searchContracts(app.repositories, request.query, await viewerOf(request)),
    }),
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
          404: ApiErrorSchema.with(z.describe('No contract has that id')),
        },
      },
    },
    async (request) => ({ data: await checkLimit(app.repositories, request.body) }),
  );
  app.get(
    '/vehicle/services',
    {
      schema: {
        tags: ['contracts'],
        summary: "A vehicle's coverage and usage per service type (data)",
        description:
          'SPEC 7 query: accountId, plate, mbi, contractId; at least one of plate, mbi or ' +
          "contractId (400 naming `querystring.plate` otherwise). The contract of the account's " +
          'brand and branch named by contractId, else holding the plate (hyphens and case ' +
          'ignored), else of the member whose beneficiary id is mbi (decision 410). With a plate ' +
          'the vehicle must be on that contract. Amounts in cents, distances in km, null unlimited.',
        security: APP_KEY_SECURITY,
        querystring: VehicleServicesQuerySchema,
        response: {
          200: VehicleServicesResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          404: ApiErrorSchema.with(
            z.describe('Unknown account, or no contract of it covers the vehicle'),
          ),
        },
      },
    },
    async (request) => ({
      data: await getVehicleCoverage(app.repositories, request.query, await viewerOf(request)),
    }),
  );
  done();
};

export default dispatchRoutes;
