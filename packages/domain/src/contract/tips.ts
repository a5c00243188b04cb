import { z } from 'zod/mini';
import { CurrencySchema, PaymentMethodSchema, type Currency } from '../enumerations.ts';
import { boundedText, requiredText } from './primitives.ts';

/**
 * Highest tip accepted, in cents of its currency (a typo guard, decision 126): US$100, and about the
 * same in colones, ₡50,000 (decision 655).
 */
export const MAX_TIP_CENTS: Readonly<Record<Currency, number>> = {
  usd: 100_00,
  crc: 50_000_00,
};

/** Refinement of a tip amount (cents) against the highest tip of its currency. */
export const TIP_AMOUNT_WITHIN_MAX = {
  check: (tip: { amount: number; currency: Currency }) => tip.amount <= MAX_TIP_CENTS[tip.currency],
  message: 'Too big for a tip in this currency',
} as const;

/**
 * `POST /tips`. SPEC 7: "payload not shown". Designed in decision 126: the service, the amount in
 * cents, how it is paid and, for a card, the payment provider's references.
 */
export const TipRequestSchema = z
  .object({
    serviceId: requiredText(64),
    /** In cents of `currency`, at most MAX_TIP_CENTS of it. */
    amount: z.number().check(z.int(), z.positive()),
    /** Must be the service's currency, which the server derives from its branch (decision 655). */
    currency: CurrencySchema,
    paymentMethod: PaymentMethodSchema,
    cardIdStripe: z.nullable(boundedText(255)),
    chargeIdStripe: z.nullable(boundedText(255)),
    customerIdStripe: z.nullable(boundedText(255)),
  })
  .check(
    z.refine(TIP_AMOUNT_WITHIN_MAX.check, {
      message: TIP_AMOUNT_WITHIN_MAX.message,
      path: ['amount'],
    }),
    z.refine((tip) => tip.paymentMethod === 'cash' || tip.chargeIdStripe !== null, {
      message: 'A card or ATH Móvil tip names its payment in chargeIdStripe',
      path: ['chargeIdStripe'],
    }),
  );
export type TipRequest = z.infer<typeof TipRequestSchema>;

export const TipResponseSchema = z.object({
  tipId: z.string(),
  serviceId: z.string(),
  amount: z.number().check(z.int()),
});
export type TipResponse = z.infer<typeof TipResponseSchema>;
