import {
  BranchSchema,
  isAthMovilBranch,
  type MobilePayment,
  type MobilePaymentRequest,
} from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { MobilePaymentRow } from '../../repositories/mobile-payments.ts';
import type { Repositories } from '../../repositories/index.ts';
import { getAccount } from '../accounts.ts';
import { assertTippable } from '../surveys-and-tips.ts';
import { authorizeService } from '../service-tokens.ts';
import type { MobilePaymentGateway } from './mobile-gateway.ts';
import { paymentAmount } from './payment-amount.ts';

// POST /common/payments/mobile and /mobile/{id}/complete (decisions 433-434): an ATH Móvil payment
// for the amount the server computes; the customer approves it in the ATH Móvil app; completing it
// makes it a payment the service request or the tip can name.

type Repos = Pick<
  Repositories,
  'accounts' | 'campaigns' | 'integrations' | 'contracts' | 'services' | 'mobilePayments'
>;

/** Seconds the customer has to approve the payment in the ATH Móvil app. */
export const MOBILE_APPROVAL_SECONDS = 600;

function toMobilePayment(row: MobilePaymentRow): MobilePayment {
  return {
    paymentId: row.id,
    status: row.status as MobilePayment['status'],
    amount: row.subtotalCents + row.taxCents,
    currency: row.currency as MobilePayment['currency'],
    referenceNumber: row.referenceNumber,
  };
}

/**
 * ATH Móvil pays for Puerto Rico services only (decision 665): the account's branch for a service
 * payment, the service's for a tip.
 */
async function assertAthMovilBranch(repos: Repos, body: MobilePaymentRequest): Promise<void> {
  const branch =
    body.purpose.kind === 'service'
      ? (await getAccount(repos, body.purpose.accountId)).branch
      : (await repos.services.findById(body.serviceId))?.service.branch;
  const known = BranchSchema.safeParse(branch);
  if (!known.success || !isAthMovilBranch(known.data)) {
    throw new AppError('CONFLICT', 'ATH Móvil pays for Puerto Rico services only', 'body.purpose');
  }
}

/**
 * Starts a mobile payment. A service payment comes before the service exists, so the app key is
 * enough; a tip needs the service's bearer token and a service that takes one (decision 478). The
 * same idempotency key answers the same payment without starting another one.
 */
export async function startMobilePayment(
  repos: Repos,
  gateway: MobilePaymentGateway,
  authorization: string | undefined,
  body: MobilePaymentRequest,
  now: Date = new Date(),
): Promise<MobilePayment> {
  if (body.purpose.kind === 'tip') {
    await authorizeService(repos, authorization, body.serviceId);
    await assertTippable(repos, body.serviceId, body.purpose);
  }
  await assertAthMovilBranch(repos, body);
  const earlier = await repos.mobilePayments.findByIdempotencyKey(body.idempotencyKey);
  if (earlier) {
    if (earlier.serviceId !== body.serviceId || earlier.purpose !== body.purpose.kind) {
      throw new AppError(
        'CONFLICT',
        'This idempotency key was used for another payment',
        'body.idempotencyKey',
      );
    }
    return toMobilePayment(earlier);
  }
  const amount = await paymentAmount(repos, body.purpose, now);
  if (amount.totalCents <= 0) {
    throw new AppError('CONFLICT', 'Nothing to pay for this service', 'body.purpose');
  }
  if (amount.currency !== 'usd') {
    throw new AppError('CONFLICT', 'ATH Móvil takes payments in US dollars only', 'body.purpose');
  }
  const ticket = await gateway.createPayment({
    subtotalCents: amount.subtotalCents,
    taxCents: amount.taxCents,
    serviceId: body.serviceId,
    purpose: body.purpose.kind,
    phoneNumber: body.phoneNumber,
    timeoutSeconds: MOBILE_APPROVAL_SECONDS,
  });
  const { payment } = await repos.mobilePayments.insertOnce({
    id: ticket.ecommerceId,
    provider: gateway.provider,
    authToken: ticket.authToken,
    idempotencyKey: body.idempotencyKey,
    serviceId: body.serviceId,
    purpose: body.purpose.kind,
    subtotalCents: amount.subtotalCents,
    taxCents: amount.taxCents,
    currency: amount.currency,
    status: 'open',
    referenceNumber: null,
  });
  return toMobilePayment(payment);
}

/**
 * Completes a payment the customer approved: asks the provider for its state, completes a
 * confirmed one, and records what the provider says. Still open: 409 (approve it in the app);
 * cancelled or expired: 402.
 */
export async function completeMobilePayment(
  repos: Pick<Repositories, 'mobilePayments'>,
  gateway: MobilePaymentGateway,
  paymentId: string,
): Promise<MobilePayment> {
  const payment = await repos.mobilePayments.findById(paymentId);
  if (payment?.provider !== gateway.provider) {
    throw new AppError('NOT_FOUND', 'No mobile payment of this app has that id');
  }
  const ticket = { ecommerceId: payment.id, authToken: payment.authToken };
  let state = await gateway.findPayment(ticket);
  if (state.status === 'confirmed') state = await gateway.authorizePayment(ticket);
  const updated = await repos.mobilePayments.updateState(payment.id, {
    status: state.status,
    referenceNumber: state.referenceNumber,
  });
  if (state.status === 'open') {
    throw new AppError('CONFLICT', 'The customer has not approved the payment in ATH Móvil yet');
  }
  if (state.status === 'cancelled') {
    throw new AppError('PAYMENT_DECLINED', 'The mobile payment was cancelled or expired');
  }
  return toMobilePayment(updated ?? payment);
}
