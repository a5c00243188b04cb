import { z } from 'zod/mini';
import {
  buildCancelRequest,
  CancellationEmailResponseSchema,
  type CancellationEmailRequest,
  type CancelReason,
} from '@auxilio/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

// SPEC 7 `POST /services/holdEdit` (the cancel call) and `POST /api/v1/service-requests/cancel`
// (the cancellation e-mail). Decisions 125 and 202.

/** Answer of holdEdit (decision 202): the service, now Void. */
const HoldEditAnswerSchema = z.object({ _id: z.string(), status: z.literal('Void') });

/**
 * Voids the service with the chosen reason. Resolves with the statusText of SPEC 4 ("When the
 * answer has statusText 'OK'"): the client only resolves on a 2xx answer that parsed, which is
 * HTTP 200 'OK' (browsers leave `Response.statusText` empty on HTTP/2, so it is not read).
 */
export async function holdEditCancel(
  api: ApiClient,
  input: { serviceId: string; token: string | null; reason: CancelReason },
): Promise<'OK'> {
  await api.post(
    '/services/holdEdit',
    buildCancelRequest(input.serviceId, input.reason),
    HoldEditAnswerSchema,
    { token: input.token },
  );
  return 'OK';
}

/** Queues the cancellation e-mail; with a service id the service's token opens it (decision 202). */
export async function sendCancellationEmail(
  api: ApiClient,
  body: CancellationEmailRequest,
  token: string | null,
): Promise<boolean> {
  const answer = await api.post(
    '/api/v1/service-requests/cancel',
    body,
    CancellationEmailResponseSchema,
    { token: body.serviceId ? token : null },
  );
  return answer.status;
}
