import {
  MobilePaymentSchema,
  type MobilePayment,
  type MobilePaymentRequest,
} from '@auxilio/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

// ATH Móvil (decisions 433, 434, 665): the API starts the payment for the amount it computes, the
// customer approves it in ATH Móvil, the API completes it; the request then names it.

/** `POST /common/payments/mobile`: 409 outside Puerto Rico or with nothing to pay. */
export function startMobilePayment(
  api: ApiClient,
  body: MobilePaymentRequest,
): Promise<MobilePayment> {
  return api.post('/payments/mobile', body, MobilePaymentSchema);
}

/**
 * `POST /common/payments/mobile/{id}/complete`: the completed payment; 409 while the customer has not
 * approved it, 402 PAYMENT_DECLINED when it was declined, cancelled or expired.
 */
export function completeMobilePayment(api: ApiClient, paymentId: string): Promise<MobilePayment> {
  return api.post(
    `/payments/mobile/${encodeURIComponent(paymentId)}/complete`,
    undefined,
    MobilePaymentSchema,
  );
}
