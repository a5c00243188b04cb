import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import type { CardCustomerProvider } from './payment-customers.ts';

// POST /dispatch/cCustomer with PAYMENT_PROVIDER=stripe (decision 127): the paying customer is a
// Stripe Customer, created through the official SDK (form-encoded, `Authorization: Bearer sk_...`,
// an `Idempotency-Key` per account and e-mail). STRIPE_API_BASE points it at another host (tests
// use the local Stripe fixture server).

export interface StripeCustomerOptions {
  secretKey: string;
  /** e.g. http://127.0.0.1:4010; Stripe's own host when undefined. */
  apiBase: string | undefined;
  /** Per request (the SDK aborts after it); 10 s by default. */
  timeoutMs?: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const CustomerSchema = z.object({ id: z.string().startsWith('cus_') });

export function createStripeCardCustomerProvider(
  options: StripeCustomerOptions,
): CardCustomerProvider {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeoutMs ?? 10_000,
    maxNetworkRetries: 0,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return {
    name: 'stripe',
    async createCustomer(customer) {
      // Two first calls for one account and e-mail create one Stripe customer.
      const idempotencyKey = `cCustomer-${createHash('sha256')
        .update(`${customer.accountId}:${customer.email}`)
        .digest('hex')}`;
      try {
        const created = await stripe.customers.create(
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
        options.log.warn(
          error instanceof Stripe.errors.StripeError
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
