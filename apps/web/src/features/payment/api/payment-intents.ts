import {
  CardChargeResponseSchema,
  CardPaymentIntentResponseSchema,
  type CardChargeResponse,
  type CardPaymentIntentRequest,
  type CardPaymentIntentResponse,
} from '@auxilio/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/** `POST /common/payments/intents` (decision 430): the server prices it and answers the client secret. */
export function createPaymentIntent(
  api: ApiClient,
  body: CardPaymentIntentRequest,
  token?: string,
): Promise<CardPaymentIntentResponse> {
  return api.post('/payments/intents', body, CardPaymentIntentResponseSchema, { token });
}

/** `POST /common/payments/intents/{id}/verify`: 402 when declined, 409 while not confirmed. */
export function verifyPaymentIntent(api: ApiClient, intentId: string): Promise<CardChargeResponse> {
  return api.post(
    `/payments/intents/${encodeURIComponent(intentId)}/verify`,
    undefined,
    CardChargeResponseSchema,
  );
}
