import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import type { CardCustomerProvider } from './payment-customers.ts';
import {
  createStripeClient,
  stripeErrors,
  type StripeClientOptions,
} from './payments/stripe-client.ts';

// POST /dispatch/cCustomer with PAYMENT_PROVIDER=stripe (decision 127): the paying customer is a
// Stripe Customer, created through the official SDK (form-encoded, `Authorization: Bearer sk_...`,
// an `Idempotency-Key` per account and e-mail). STRIPE_API_BASE points it at another host (tests
// use the local Stripe fixture server).

export interface StripeCustomerOptions extends StripeClientOptions {
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const CustomerSchema = z.object({ id: z.string().startsWith('cus_') });

export function createStripeCardCustomerProvider(
  options: StripeCustomerOptions,
): CardCustomerProvider {
  const stripe = createStripeClient(options);
  return {
    name: 'stripe',
    async createCustomer(customer) {
      // Two first calls for one account and e-mail create one Stripe customer.
      const idempotencyKey = `cCustomer-${createHash('sha256')
        .update(`${customer.accountId}:${customer.email}`)
        .digest('hex')}`;
      try {
        const client = await stripe();
        const created = await client.customers.create(
          {
            name: customer.name,
            email: customer.email,
            ...(customer.phone ? { phone: customer.phone } : {}),
            metadata: { account_id: customer.accountId, branch: customer.branch },
          },
          { idempotencyKey },
        );
        return CustomerSchema.parse(created).id;
      } catch (error) {
        // Never the key or the customer's data in the log: what failed and Stripe's own codes.
        const errors = stripeErrors();
        options.log.warn(
          errors && error instanceof errors.StripeError
            ? {
                provider: 'stripe',
                operation: 'createCustomer',
                type: error.type,
                statusCode: error.statusCode,
                code: error.code,
              }
            : { provider: 'stripe', operation: 'createCustomer' },
          'Stripe call failed',
        );
        throw new AppError('UNAVAILABLE', 'The card payment provider is not available; try again');
      }
    },
  };
}
