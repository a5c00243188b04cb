import { z } from 'zod/mini';
import { LanguageSchema } from '../enumerations.ts';
import { MessageConfirmationStatusSchema } from './service.ts';
import { PushSubscriptionSchema } from './push.ts';
import { requiredText } from './primitives.ts';

/**
 * `PATCH /api/v1/service-requests/{id}/pushOptIn`. SPEC 7: "{pushOptIn}". Decision 450: with an
 * opt-in the PWA may add the browser's push `subscription` and its `language`; `{pushOptIn}` alone
 * stays valid.
 */
export const PushOptInRequestSchema = z.object({
  pushOptIn: z.boolean(),
  subscription: z.optional(PushSubscriptionSchema),
  /** Language of the notification texts; Spanish when not sent (SPEC 9 "Default language es"). */
  language: z.optional(LanguageSchema),
});
export type PushOptInRequest = z.infer<typeof PushOptInRequestSchema>;

/**
 * `PATCH /api/v1/service-requests/confirm-data`. SPEC 7: "returns status". The body is not shown
 * (decision 129): the service being confirmed.
 */
export const ConfirmDataRequestSchema = z.object({ serviceId: requiredText(64) });
export type ConfirmDataRequest = z.infer<typeof ConfirmDataRequestSchema>;

/** SPEC 5: "messageConfirmation status is already 'confirm'" after a confirmation. */
export const ConfirmDataResponseSchema = z.object({ status: MessageConfirmationStatusSchema });
export type ConfirmDataResponse = z.infer<typeof ConfirmDataResponseSchema>;

/**
 * `PATCH /utils/situation-specification`. SPEC 7: "{serviceId, hasComment, imagesCount}": what the
 * customer documented for the situation (accident documentation).
 */
export const SituationSpecificationRequestSchema = z.object({
  serviceId: requiredText(64),
  hasComment: z.boolean(),
  imagesCount: z.number().check(z.int(), z.gte(0), z.lte(50)),
});
export type SituationSpecificationRequest = z.infer<typeof SituationSpecificationRequestSchema>;

/** Answer of the pushOptIn update: the service and its stored choice (decision 255). */
export const PushOptInResponseSchema = z.object({ _id: z.string(), pushOptIn: z.boolean() });
export type PushOptInResponse = z.infer<typeof PushOptInResponseSchema>;
