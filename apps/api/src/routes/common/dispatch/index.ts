import { z } from 'zod';
import {
  ApiErrorSchema,
  CreateCustomerRequestSchema,
  CreateCustomerResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../lib/route-schemas.ts';
import { createPaymentCustomersRepository } from '../../../repositories/payment-customers.ts';
import {
  createPaymentCustomer,
  sandboxCardCustomerProvider,
  type CardCustomerProvider,
} from '../../../services/payment-customers.ts';
import { createStripeCardCustomerProvider } from '../../../services/stripe-card-customers.ts';

/** SPEC 7 POST /dispatch/cCustomer ("create customer"; the wire name is kept, decision 127). */
const dispatchCustomerRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const customers = createPaymentCustomersRepository(app.database.db);
  // ARCHITECTURE 7: the embedded sandbox, or Stripe with PAYMENT_PROVIDER=stripe.
  const card = app.config.payments.card;
  const provider: CardCustomerProvider =
    card.provider === 'stripe'
      ? createStripeCardCustomerProvider({
          secretKey: card.secretKey,
          apiBase: card.apiBase,
          log: app.log,
        })
      : sandboxCardCustomerProvider;
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
          'account must exist and be of `branch` (400 naming the field). No card data. The ' +
          'customer is registered with the configured card provider (sandbox or Stripe).',
        security: APP_KEY_SECURITY,
        body: CreateCustomerRequestSchema,
        response: {
          200: CreateCustomerResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          503: ApiErrorSchema.with(
            z.describe('The card payment provider did not answer; try again'),
          ),
        },
      },
    },
    (request) => createPaymentCustomer(app.repositories, customers, provider, request.body),
  );
  done();
};

export default dispatchCustomerRoutes;
