import {
  LimitCheckResponseSchema,
  type LimitCheckRequest,
  type LimitCheckResult,
} from '@auxilio/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/**
 * SPEC 7 `POST /api/v1/dispatch/contact/checklimit`; SPEC 3 "The answer is read from nested
 * data.data and yields surplus" (the client's body is `{ data }`).
 */
export async function checkLimit(
  api: ApiClient,
  request: LimitCheckRequest,
): Promise<LimitCheckResult> {
  const body = await api.post(
    '/api/v1/dispatch/contact/checklimit',
    request,
    LimitCheckResponseSchema,
  );
  return body.data;
}
