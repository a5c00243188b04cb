import { z } from 'zod/mini';
import { CurrencySchema } from '../enumerations.ts';
import { CardPaymentPurposeSchema } from './card-charge.ts';
import { ServiceIdSchema } from './primitives.ts';

// Mobile payments with ATH Móvil (ARCHITECTURE 7 "mobile payment"; decisions 433-434): the API
// starts a payment for an amount it computes, the customer approves it in the ATH Móvil app, the
// API completes it; the service request or the tip then names it (paymentMethod `ath_movil`, the
// payment id in `chargeIdStripe`, the field SPEC 3 has for a payment reference).

/** `POST /common/payments/mobile`: what the payment pays for, priced by the server. */
export const MobilePaymentRequestSchema = z.object({
  serviceId: ServiceIdSchema,
  purpose: CardPaymentPurposeSchema,
  /** The customer's ATH Móvil phone number: ten digits (the app asks the customer there). */
  phoneNumber: z.optional(
    z.string().check(z.regex(/^\d{10}$/, 'Expected the 10 digits of an ATH Móvil phone number')),
  ),
  /** One per payment attempt; the same key answers the same payment. */
  idempotencyKey: z
    .string()
    .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected 8-64 URL-safe characters')),
});
export type MobilePaymentRequest = z.infer<typeof MobilePaymentRequestSchema>;

/** A mobile payment as the customer follows it: open (waiting for approval) to completed. */
export const MobilePaymentSchema = z.object({
  /** Names the payment in the service request or tip (`chargeIdStripe`). */
  paymentId: z.string(),
  status: z.enum(['open', 'confirmed', 'completed', 'cancelled']),
  /** What the server charges, in cents, tax included. */
  amount: z.number().check(z.int(), z.positive()),
  currency: CurrencySchema,
  /** The provider's transaction reference once completed. */
  referenceNumber: z.nullable(z.string()),
});
export type MobilePayment = z.infer<typeof MobilePaymentSchema>;

/** Payment ids in paths: the provider's ids are UUID-like. */
export const MobilePaymentIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9-]{8,64}$/, 'Expected a mobile payment id'));
