import type { Currency, PaymentMethod } from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { MobilePaymentsRepository } from '../../repositories/mobile-payments.ts';
import type { PaymentClaim } from '../../repositories/payment-claims.ts';
import type { CardPaymentGateway } from './card-gateway.ts';
import type { CardChargesRepository } from './charges-repository.ts';
import type { MobilePaymentGateway } from './mobile-gateway.ts';

// Decision 434: a payment reference a client sends (SPEC 3 chargeIdStripe) is checked with the
// provider that took the payment before anything counts as paid: completed, for the amount and
// currency our rules compute, for this service, and not already used for something else (the last
// check is the claim, written with the service or tip it pays).

/** What is due, computed by the server. */
export interface PaymentDue {
  serviceId: string;
  purpose: 'service' | 'tip';
  /** Tax included, in cents. */
  amountCents: number;
  currency: Currency;
}

/** The payment a request names. */
export interface NamedPayment {
  method: PaymentMethod | null;
  reference: string | null;
  /** The request field of the reference, for error bodies (`body.chargeIdStripe`). */
  field: string;
}

/** A payment the provider confirmed: its claim, and its references as the provider has them. */
export interface VerifiedPayment {
  claim: PaymentClaim;
  customerId: string | null;
  cardId: string | null;
}

export interface PaymentVerifier {
  /** Checks `named` pays `due` (AppError PAYMENT_REQUIRED / PAYMENT_INVALID / UNAVAILABLE). */
  verify(named: NamedPayment, due: PaymentDue): Promise<VerifiedPayment>;
}

export interface PaymentVerifierOptions {
  charges: Pick<CardChargesRepository, 'findById'>;
  mobilePayments: Pick<MobilePaymentsRepository, 'findById'>;
  /** The card payments this app takes: its sandbox, or Stripe through `cardGateway`. */
  cardGateway: CardPaymentGateway | null;
  mobileGateway: MobilePaymentGateway;
}

const invalid = (field: string, message: string) => new AppError('PAYMENT_INVALID', message, field);

function checkAmount(
  field: string,
  paid: { amountCents: number; currency: string },
  due: PaymentDue,
): void {
  if (paid.currency !== due.currency || paid.amountCents !== due.amountCents) {
    throw invalid(
      field,
      `The payment is ${paid.amountCents} ${paid.currency}; ${due.amountCents} ${due.currency} is due`,
    );
  }
}

export function createPaymentVerifier(options: PaymentVerifierOptions): PaymentVerifier {
  const { cardGateway, mobileGateway } = options;
  const cardProvider = cardGateway?.provider ?? 'sandbox';

  async function verifyCard(field: string, reference: string, due: PaymentDue) {
    const charge = await options.charges.findById(reference);
    if (charge?.status !== 'succeeded') {
      throw invalid(field, 'No completed card payment of this app has that id');
    }
    if (charge.provider !== cardProvider) {
      throw invalid(field, `Card payments here go through ${cardProvider}`);
    }
    let paid = { amountCents: charge.amountCents, currency: charge.currency };
    if (cardGateway) {
      // Asked again: a charge recorded earlier may have been refunded or disputed since.
      const intent = await cardGateway.retrieveIntent(charge.idempotencyKey);
      if (intent.status !== 'paid' || intent.chargeId !== charge.id) {
        throw invalid(field, 'The card provider does not confirm this payment');
      }
      if (intent.serviceId !== due.serviceId) {
        throw invalid(field, 'This payment was made for another service');
      }
      paid = { amountCents: intent.amountCents, currency: intent.currency };
    }
    checkAmount(field, paid, due);
    return {
      claim: { reference: `card:${charge.provider}:${charge.id}`, ...claimOf(due) },
      customerId: charge.customerId,
      cardId: charge.cardId,
    };
  }

  async function verifyMobile(field: string, reference: string, due: PaymentDue) {
    const payment = await options.mobilePayments.findById(reference);
    if (payment?.provider !== mobileGateway.provider) {
      throw invalid(field, 'No mobile payment of this app has that id');
    }
    if (payment.serviceId !== due.serviceId || payment.purpose !== due.purpose) {
      throw invalid(field, 'This payment was made for something else');
    }
    const state = await mobileGateway
      .findPayment({ ecommerceId: payment.id, authToken: payment.authToken })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code !== 'UNAVAILABLE') {
          throw invalid(field, 'The mobile payment provider does not know this payment');
        }
        throw error;
      });
    if (state.status !== 'completed') {
      throw invalid(field, `The mobile payment is ${state.status}, not completed`);
    }
    checkAmount(field, { amountCents: state.totalCents, currency: payment.currency }, due);
    return {
      claim: { reference: `mobile:${payment.provider}:${payment.id}`, ...claimOf(due) },
      customerId: null,
      cardId: null,
    };
  }

  return {
    async verify(named, due) {
      if (named.method !== 'card' && named.method !== 'ath_movil') {
        throw new AppError(
          'PAYMENT_REQUIRED',
          `${due.amountCents} ${due.currency} is due: pay by card or ATH Móvil first`,
          'body.paymentMethod',
        );
      }
      if (!named.reference) {
        throw new AppError('PAYMENT_REQUIRED', 'The payment reference is missing', named.field);
      }
      return named.method === 'card'
        ? verifyCard(named.field, named.reference, due)
        : verifyMobile(named.field, named.reference, due);
    },
  };
}

function claimOf(due: PaymentDue): Omit<PaymentClaim, 'reference'> {
  return {
    serviceId: due.serviceId,
    purpose: due.purpose,
    amountCents: due.amountCents,
    currency: due.currency,
  };
}
