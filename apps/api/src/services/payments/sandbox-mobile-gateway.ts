import { randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import type { MobilePaymentGateway, MobilePaymentState } from './mobile-gateway.ts';

// The embedded mobile payment provider (decision 433): no network, no keys, no money. The customer
// "approves" at once, except for the phone number 787-555-0002, which cancels (like the sandbox
// card's decline number, decision 290).

export const SANDBOX_MOBILE_CANCEL_PHONE = '7875550002';

export function createSandboxMobileGateway(): MobilePaymentGateway {
  const payments = new Map<string, MobilePaymentState & { authToken: string }>();

  function find(ecommerceId: string, authToken: string) {
    const payment = payments.get(ecommerceId);
    if (payment?.authToken !== authToken) {
      throw new AppError('NOT_FOUND', 'That mobile payment does not exist');
    }
    return payment;
  }

  return {
    provider: 'sandbox',
    // Async so that a refusal is a rejected promise, as from a real provider.
    // eslint-disable-next-line @typescript-eslint/require-await
    async createPayment(request) {
      const ecommerceId = randomUUID();
      const authToken = randomBytes(24).toString('base64url');
      payments.set(ecommerceId, {
        authToken,
        status: request.phoneNumber === SANDBOX_MOBILE_CANCEL_PHONE ? 'cancelled' : 'confirmed',
        referenceNumber: null,
        totalCents: request.subtotalCents + request.taxCents,
      });
      return { ecommerceId, authToken };
    },
    // eslint-disable-next-line @typescript-eslint/require-await
    async findPayment({ ecommerceId, authToken }) {
      const { status, referenceNumber, totalCents } = find(ecommerceId, authToken);
      return { status, referenceNumber, totalCents };
    },
    // eslint-disable-next-line @typescript-eslint/require-await
    async authorizePayment({ ecommerceId, authToken }) {
      const payment = find(ecommerceId, authToken);
      if (payment.status === 'confirmed') {
        payment.status = 'completed';
        payment.referenceNumber = `sandbox-${randomBytes(8).toString('hex')}`;
      }
      if (payment.status !== 'completed') {
        throw new AppError('PAYMENT_DECLINED', 'The mobile payment was cancelled or expired');
      }
      const { status, referenceNumber, totalCents } = payment;
      return { status, referenceNumber, totalCents };
    },
    // eslint-disable-next-line @typescript-eslint/require-await
    async refundPayment(referenceNumber, amountCents) {
      const known = [...payments.values()].some(
        (payment) => payment.referenceNumber === referenceNumber,
      );
      if (!known) throw new AppError('NOT_FOUND', 'That mobile payment does not exist');
      return { refundedCents: amountCents };
    },
  };
}
