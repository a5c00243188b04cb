import { AccountIdSchema, AccountSchema, CampaignSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../lib/route-schemas.ts';
import { getAccount, getAccountBySalesforceId, getCampaign } from '../../../services/accounts.ts';

/** Salesforce account ids are 15 or 18 alphanumeric characters. */
const SalesforceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/, 'Expected a 15- or 18-character Salesforce id');

/** A campaign name as the entry link carries it (`campaign`, the DIDNumber): the PWA's own rule. */
const CampaignNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'Expected 1-64 letters, digits or _ . : -');

/** SPEC 7 GET /accounts/{id}, /accounts/salesforce/{id}, /accounts/campaigns/{name}. */
const accountsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'One account by id',
        security: APP_KEY_SECURITY,
        params: z.object({ id: AccountIdSchema }),
        response: { 200: AccountSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    (request) => getAccount(app.repositories, request.params.id),
  );

  app.get(
    '/salesforce/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'One account by its Salesforce account id',
        security: APP_KEY_SECURITY,
        params: z.object({ id: SalesforceIdSchema }),
        response: { 200: AccountSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    (request) => getAccountBySalesforceId(app.repositories, request.params.id),
  );

  app.get(
    '/campaigns/:name',
    {
      schema: {
        tags: ['accounts'],
        summary: 'One campaign by name (sent later as DIDNumber)',
        security: APP_KEY_SECURITY,
        params: z.object({ name: CampaignNameSchema }),
        response: { 200: CampaignSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    (request) => getCampaign(app.repositories, request.params.name),
  );
  done();
};

export default accountsRoutes;
