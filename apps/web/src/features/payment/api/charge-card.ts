import {
  CardChargeResponseSchema,
  type CardChargeRequest,
  type CardChargeResponse,
} from '@auxilio/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/** `POST /common/payments/charges` (decision 291): 402 PAYMENT_DECLINED when the card is declined. */
export function chargeCard(api: ApiClient, body: CardChargeRequest): Promise<CardChargeResponse> {
  return api.post('/payments/charges', body, CardChargeResponseSchema);
}
