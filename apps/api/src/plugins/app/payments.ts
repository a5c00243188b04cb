import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CardPaymentGateway } from '../../services/payments/card-gateway.ts';
import {
  createCardChargesRepository,
  type CardChargesRepository,
} from '../../services/payments/charges-repository.ts';
import type { MobilePaymentGateway } from '../../services/payments/mobile-gateway.ts';
import { createMobilePaymentGateway } from '../../services/payments/mobile-gateways.ts';
import {
  createPaymentVerifier,
  type PaymentVerifier,
} from '../../services/payments/payment-verification.ts';
import { createStripeCardGateway } from '../../services/payments/stripe-card-gateway.ts';

// The payment providers of this process (ARCHITECTURE 7 "card payment", "mobile payment"), built
// once from the configuration, and the verifier that checks payment references with them
// (decision 434).

export interface Payments {
  /** Stripe when PAYMENT_PROVIDER=stripe; null: the embedded card sandbox. */
  cardGateway: CardPaymentGateway | null;
  mobileGateway: MobilePaymentGateway;
  /** Card charges this API recorded (sandbox charges, verified Stripe payments). */
  charges: CardChargesRepository;
  verifier: PaymentVerifier;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

function paymentsPlugin(app: FastifyInstance): void {
  const { card, mobile } = app.config.payments;
  const cardGateway =
    card.provider === 'stripe'
      ? createStripeCardGateway({ secretKey: card.secretKey, apiBase: card.apiBase, log: app.log })
      : null;
  const mobileGateway = createMobilePaymentGateway(mobile, app.log);
  const charges = createCardChargesRepository(app.database.db);
  app.decorate('payments', {
    cardGateway,
    mobileGateway,
    charges,
    verifier: createPaymentVerifier({
      charges,
      mobilePayments: app.repositories.mobilePayments,
      cardGateway,
      mobileGateway,
    }),
  });
}

export default fp(paymentsPlugin, { name: 'payments', dependencies: ['repositories'] });
