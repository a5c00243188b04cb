import { z } from 'zod/mini';
import { CancelReasonSchema, type CancelReason } from '../enumerations.ts';
import { ServiceTypeNameSchema } from '../service-types.ts';
import { AccountIdSchema } from './accounts.ts';
import { boundedText, requiredText } from './primitives.ts';

/**
 * `POST /services/holdEdit`, the cancel call. SPEC 7: "cancel service: _id, status 'Void', home,
 * schedule, cancellationNotes, specificCancellationReason"; SPEC 4: "the cancel call sends status
 * 'Void' with home empty, schedule empty, cancellationNotes empty and the chosen reason in
 * specificCancellationReason".
 */
export const HoldEditCancelRequestSchema = z.object({
  _id: requiredText(64),
  status: z.literal('Void'),
  home: z.literal(''),
  schedule: z.literal(''),
  cancellationNotes: z.literal(''),
  specificCancellationReason: CancelReasonSchema,
});
export type HoldEditCancelRequest = z.infer<typeof HoldEditCancelRequestSchema>;

/** Builds the cancel body of SPEC 4 for a service and the reason the customer chose. */
export function buildCancelRequest(serviceId: string, reason: CancelReason): HoldEditCancelRequest {
  return {
    _id: serviceId,
    status: 'Void',
    home: '',
    schedule: '',
    cancellationNotes: '',
    specificCancellationReason: reason,
  };
}

/**
 * `POST /api/v1/service-requests/cancel`: SPEC 7 "cancellation e-mail, with reason". The body is not
 * shown (decision 125). Decision 477: the e-mail is about the cancelled service the token opens and
 * tells what the service holds, so the body names the service and the reason; the account and the
 * customer's details that older clients send are accepted and not used.
 */
export const CancellationEmailRequestSchema = z.object({
  account_id: AccountIdSchema,
  reason: CancelReasonSchema,
  /** The cancelled service (null only from clients that mail before creation: refused). */
  serviceId: z.nullable(boundedText(64)),
  serviceNumber: z.optional(z.nullable(boundedText(20))),
  situation: z.optional(z.nullable(ServiceTypeNameSchema)),
  clientName: z.optional(boundedText(120)),
  clientPhone: z.optional(boundedText(30)),
  clientEmail: z.optional(boundedText(254)),
});
export type CancellationEmailRequest = z.infer<typeof CancellationEmailRequestSchema>;

/** Answer of the cancellation e-mail call: whether the e-mail was queued. */
export const CancellationEmailResponseSchema = z.object({ status: z.boolean() });
