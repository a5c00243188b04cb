import { z } from 'zod/mini';
import { DEFAULT_TIP } from '../constants.ts';
import { PaymentMethodSchema } from '../enumerations.ts';
import { CentsSchema } from './accounts.ts';
import { boundedText } from './primitives.ts';
import { MAX_TIP_CENTS } from './tips.ts';

/**
 * SPEC 3 "Payment: customerIdStripe, chargeIdStripe, cardIdStripe, amount, paymentMethod,
 * emailPayment, tips, tipAmount (default 3), tipPaymentType". Ids come from the card payment
 * provider (sandbox or Stripe); null until a payment step produced them.
 */
export const PaymentSchema = z.object({
  customerIdStripe: z.nullable(boundedText(255)),
  chargeIdStripe: z.nullable(boundedText(255)),
  cardIdStripe: z.nullable(boundedText(255)),
  /** Amount charged, in cents (SPEC 9 "Amounts are in cents"). */
  amount: CentsSchema,
  paymentMethod: z.nullable(PaymentMethodSchema),
  emailPayment: boundedText(254),
  /** Whether the customer chose to tip. */
  tips: z.boolean(),
  /**
   * Tip in currency units of the service (SPEC 3 "tipAmount (default 3)", dollars); at most the
   * largest tip of any currency, ₡50,000 (MAX_TIP_CENTS, decision 655).
   */
  tipAmount: z
    .number()
    .check(z.nonnegative(), z.lte(Math.max(...Object.values(MAX_TIP_CENTS)) / 100)), // cents to currency units
  tipPaymentType: z.nullable(PaymentMethodSchema),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const INITIAL_PAYMENT: Payment = {
  customerIdStripe: null,
  chargeIdStripe: null,
  cardIdStripe: null,
  amount: 0,
  paymentMethod: null,
  emailPayment: '',
  tips: false,
  tipAmount: DEFAULT_TIP,
  tipPaymentType: null,
};
