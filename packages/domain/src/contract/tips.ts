import { z } from 'zod';
import { CurrencySchema, PaymentMethodSchema } from '../enumerations.ts';
import type { Session } from '../session.ts';
import { amountToCents } from '../money.ts';
import { boundedText, requiredText } from './primitives.ts';

/** Highest tip accepted, in cents (a typo guard, decision 126). */
export const MAX_TIP_CENTS = 100_00;

/**
 * `POST /tips`. SPEC 7: "payload not shown". Designed in decision 126: the service, the amount in
 * cents, how it is paid and, for a card, the payment provider's references.
 */
export const TipRequestSchema = z
  .object({
    serviceId: requiredText(64),
    amount: z.number().int().positive().max(MAX_TIP_CENTS),
    currency: CurrencySchema,
    paymentMethod: PaymentMethodSchema,
    cardIdStripe: boundedText(255).nullable(),
    chargeIdStripe: boundedText(255).nullable(),
    customerIdStripe: boundedText(255).nullable(),
  })
  .refine((tip) => tip.paymentMethod !== 'card' || tip.chargeIdStripe !== null, {
    message: 'A card tip needs chargeIdStripe',
    path: ['chargeIdStripe'],
  });
export type TipRequest = z.infer<typeof TipRequestSchema>;

export const TipResponseSchema = z.object({
  tipId: z.string(),
  serviceId: z.string(),
  amount: z.number().int(),
});
export type TipResponse = z.infer<typeof TipResponseSchema>;

/**
 * The tip body from the session's payment: tipAmount is in currency units (SPEC 3 "tipAmount
 * (default 3)"), the wire amount in cents (SPEC 9 "Amounts are in cents").
 */
export function buildTipRequest(
  session: Pick<Session, 'serviceId' | 'payment'>,
  currency: z.infer<typeof CurrencySchema>,
): TipRequest | null {
  if (!session.serviceId) return null;
  const { payment } = session;
  return {
    serviceId: session.serviceId,
    amount: amountToCents(payment.tipAmount),
    currency,
    paymentMethod: payment.tipPaymentType ?? payment.paymentMethod ?? 'card',
    cardIdStripe: payment.cardIdStripe,
    chargeIdStripe: payment.chargeIdStripe,
    customerIdStripe: payment.customerIdStripe,
  };
}
