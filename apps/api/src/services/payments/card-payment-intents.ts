import { createHash } from 'node:crypto';
import {
  type CardChargeResponse,
  type CardPaymentIntentRequest,
  type CardPaymentIntentResponse,
  type Currency,
} from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import { assertTippable } from '../surveys-and-tips.ts';
import { authorizeService } from '../service-tokens.ts';
import type { CardPaymentGateway } from './card-gateway.ts';
import type { CardChargesRepository } from './charges-repository.ts';
import { paymentAmount } from './payment-amount.ts';

// POST /common/payments/intents and /intents/{id}/verify (decision 430): Stripe PaymentIntents +
// Elements. The amount is never the client's: a service payment is priced here as the service
// request will be (decision 257, SPEC 9 "Fee total is the fee plus tax on the fee; for a surplus it
// uses the surplus amount"); a tip is the customer's own amount, bounded by the schema.

type Repos = Pick<
  Repositories,
  'accounts' | 'campaigns' | 'integrations' | 'contracts' | 'services'
>;

/** Card payments go through Stripe only when it is configured; otherwise the sandbox endpoint. */
function requireGateway(gateway: CardPaymentGateway | null): CardPaymentGateway {
  if (!gateway) {
    throw new AppError(
      'CONFLICT',
      'Card payments use the sandbox here: POST /common/payments/charges',
      'provider',
    );
  }
  return gateway;
}

/**
 * A service payment comes before the service exists, so the app key is enough; a tip is about an
 * existing service and needs its bearer token (ARCHITECTURE decision 9; 401/403 otherwise).
 */
export async function createCardPaymentIntent(
  repos: Repos,
  gateway: CardPaymentGateway | null,
  authorization: string | undefined,
  body: CardPaymentIntentRequest,
  now: Date = new Date(),
): Promise<CardPaymentIntentResponse> {
  const stripe = requireGateway(gateway);
  const { purpose } = body;
  if (purpose.kind === 'tip') {
    await authorizeService(repos, authorization, body.serviceId);
    await assertTippable(repos, body.serviceId, purpose);
  }
  const { totalCents: amountCents, currency } = await paymentAmount(repos, purpose, now);
  if (amountCents <= 0) {
    throw new AppError('CONFLICT', 'Nothing to pay for this service', 'body.purpose');
  }
  const intent = await stripe.createIntent({
    amountCents,
    currency,
    idempotencyKey: body.idempotencyKey,
    serviceId: body.serviceId,
    purpose: purpose.kind,
    email: body.email,
  });
  return {
    intentId: intent.id,
    clientSecret: intent.clientSecret,
    amount: intent.amountCents,
    currency: intent.currency,
  };
}

/**
 * Reads the PaymentIntent back from Stripe: only "succeeded" or "requires_capture" count as paid.
 * The paid charge is stored once (keyed by the PaymentIntent id) with brand and last four only.
 */
export async function verifyCardPaymentIntent(
  gateway: CardPaymentGateway | null,
  charges: CardChargesRepository,
  intentId: string,
): Promise<CardChargeResponse> {
  const outcome = await requireGateway(gateway).retrieveIntent(intentId);
  if (outcome.status === 'declined') {
    throw new AppError('PAYMENT_DECLINED', `The card was declined (${outcome.declineCode})`);
  }
  if (outcome.status === 'unpaid') {
    throw new AppError(
      'CONFLICT',
      `The payment is not complete (${outcome.providerStatus})`,
      'intentId',
    );
  }
  // A PaymentIntent made elsewhere on the same Stripe account is not one of ours to record.
  if (outcome.serviceId === null) {
    throw new AppError('NOT_FOUND', 'That payment was not made through this app');
  }
  const { charge } = await charges.insertOnce({
    id: outcome.chargeId,
    idempotencyKey: outcome.intentId,
    requestHash: createHash('sha256').update(outcome.intentId).digest('hex'),
    provider: 'stripe',
    status: 'succeeded',
    declineCode: null,
    amountCents: outcome.amountCents,
    currency: outcome.currency,
    email: outcome.email,
    cardBrand: outcome.brand,
    cardLast4: outcome.last4,
    customerId: outcome.customerId,
    cardId: outcome.cardId,
  });
  return {
    chargeId: charge.id,
    customerId: charge.customerId,
    cardId: charge.cardId,
    status: 'succeeded',
    amount: charge.amountCents,
    currency: charge.currency as Currency,
    brand: outcome.brand,
    last4: charge.cardLast4,
  };
}
