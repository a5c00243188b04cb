import { TipResponseSchema, type TipRequest, type TipResponse } from '@auxilio/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/** SPEC 7 `POST /tips` (payload: decision 126), with the service's bearer token. */
export function submitTip(
  api: ApiClient,
  body: TipRequest,
  token: string | null,
): Promise<TipResponse> {
  return api.post('/tips', body, TipResponseSchema, { token });
}
