import { CreateCustomerRequestSchema, CreateCustomerResponseSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../lib/route-schemas.ts';
import { createPaymentCustomersRepository } from '../../../repositories/payment-customers.ts';
import {
  createPaymentCustomer,
  sandboxCardCustomerProvider,
} from '../../../services/payment-customers.ts';

/** SPEC 7 POST /dispatch/cCustomer ("create customer"; the wire name is kept, decision 127). */
const dispatchCustomerRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const customers = createPaymentCustomersRepository(app.database.db);
  app.post(
    '/cCustomer',
    {
      schema: {
        tags: ['payments'],
        summary: 'Register the paying customer with the card payment provider (customerIdStripe)',
        description:
          'Decision 127: body `{ account_id, branch, name, email, phone }`, answer ' +
          '`{ customerIdStripe }`, kept by the PWA as session.payment.customerIdStripe. One ' +
          'customer per account and e-mail (case ignored): a retry answers the same id. The ' +
          'account must exist and be of `branch` (400 naming the field). No card data.',
        security: APP_KEY_SECURITY,
        body: CreateCustomerRequestSchema,
        response: { 200: CreateCustomerResponseSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    (request) =>
      createPaymentCustomer(app.repositories, customers, sandboxCardCustomerProvider, request.body),
  );
  done();
};

export default dispatchCustomerRoutes;
