import { z } from 'zod/mini';
import { CurrencySchema } from '../enumerations.ts';
import { ServiceTypeNameSchema } from '../service-types.ts';
import { AccountIdSchema } from './accounts.ts';
import { boundedText, requiredText, ServiceIdSchema } from './primitives.ts';
import { TIP_AMOUNT_WITHIN_MAX } from './tips.ts';

// `POST /common/payments/charges`: the card charge behind the /payment screen (SPEC 2 "/payment: Card
// payment form inside a card payment provider wrapper"; ARCHITECTURE 6 "card payment: sandbox
// provider that accepts the well-known test card numbers"). Its ids go into SPEC 3 "Payment"
// (chargeIdStripe, customerIdStripe, cardIdStripe). Decisions 290-292.

/** Card brands told apart by their number prefix. */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export const CardBrandSchema = z.enum(CARD_BRANDS);
export type CardBrand = z.infer<typeof CardBrandSchema>;

/** The digits of a card number as typed (spaces and dashes dropped). */
export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** Luhn checksum of a digit string (ISO/IEC 7812); false for anything but 12-19 digits. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** Card number with a space every 4 digits (American Express: 4-6-5), at most 19 digits. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  if (cardBrandOf(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)]
      .filter(Boolean)
      .join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** CVC length of a brand: 4 for American Express, else 3. */
export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** 'MM/YY' as typed into month and four-digit year; null when it is not a month of this century. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const expMonth = Number(match[1]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month (in UTC). */
export function isCardExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.expYear < year || (card.expYear === year && card.expMonth < month);
}

export const CardInputSchema = z.object({
  /** Digits only, Luhn-valid. */
  number: z
    .string()
    .check(
      z.regex(/^\d{12,19}$/, 'Expected 12-19 digits'),
      z.refine(isLuhnValid, 'The card number is not valid'),
    ),
  expMonth: z.number().check(z.int(), z.gte(1), z.lte(12)),
  expYear: z.number().check(z.int(), z.gte(2000), z.lte(2100)),
  cvc: z.string().check(z.regex(/^\d{3,4}$/, 'Expected 3 or 4 digits')),
  name: requiredText(100),
});
export type CardInput = z.infer<typeof CardInputSchema>;

/**
 * The largest charge, in cents of its currency: about US$10,000 (a road service costs far less);
 * colones are some 500 to the dollar.
 */
export const MAX_CHARGE_CENTS: Readonly<Record<z.infer<typeof CurrencySchema>, number>> = {
  usd: 1_000_000,
  crc: 500_000_000,
};

export const CardChargeRequestSchema = z
  .object({
    /** In cents (SPEC 9 "Amounts are in cents"). */
    amount: z.number().check(z.int(), z.positive()),
    currency: CurrencySchema,
    card: CardInputSchema,
    email: z.optional(z.email().check(z.maxLength(254))),
    /** Chosen by the client per payment attempt; the same key answers the same charge. */
    idempotencyKey: z
      .string()
      .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected 8-64 URL-safe characters')),
  })
  .check(
    z.refine((charge) => charge.amount <= MAX_CHARGE_CENTS[charge.currency], {
      message: 'Too big for one charge in this currency',
      path: ['amount'],
    }),
  );
export type CardChargeRequest = z.infer<typeof CardChargeRequestSchema>;

export const CardChargeResponseSchema = z.object({
  chargeId: z.string(),
  customerId: z.string(),
  cardId: z.string(),
  status: z.literal('succeeded'),
  amount: z.number().check(z.int(), z.positive()),
  currency: CurrencySchema,
  brand: CardBrandSchema,
  last4: z.string().check(z.regex(/^\d{4}$/)),
});
export type CardChargeResponse = z.infer<typeof CardChargeResponseSchema>;

/**
 * The first problem of a card as the customer typed it, or null. Field names are those of the
 * request (`card.number`, `card.expiry`, `card.cvc`, `card.name`); both the form and the API use it.
 */
export function cardInputIssue(
  card: { number: string; expMonth: number; expYear: number; cvc: string; name: string },
  now: Date,
): { field: string; reason: 'number' | 'expired' | 'cvc' | 'name' } | null {
  if (!isLuhnValid(card.number)) return { field: 'card.number', reason: 'number' };
  if (isCardExpired(card, now)) return { field: 'card.expiry', reason: 'expired' };
  if (card.cvc.length !== cvcLength(cardBrandOf(card.number)) || !/^\d+$/.test(card.cvc)) {
    return { field: 'card.cvc', reason: 'cvc' };
  }
  if (card.name.trim() === '') return { field: 'card.name', reason: 'name' };
  return null;
}

// Card payments through Stripe PaymentIntents + Elements (ARCHITECTURE 7 "card payment" production
// column; decision 430): the server creates the PaymentIntent with an amount it computes itself,
// the PWA confirms it with Stripe Elements, and the server checks its status before the charge
// counts as paid.

/**
 * What a card payment pays for. The service payment of /payment (SPEC 4 "/payment for the 'connect'
 * brand or for a surplus") names what the server prices (decision 257: the account's fee or the
 * contract's surplus, plus tax); a tip (SPEC 2 /tips) is an amount the customer chose, within
 * MAX_TIP_CENTS of its currency.
 */
export const CardPaymentPurposeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('service'),
    accountId: AccountIdSchema,
    situation: ServiceTypeNameSchema,
    customerContract: z.nullable(boundedText(64)),
    /** As the service request will send it (upper case; '' for home services). */
    vehPlate: boundedText(20),
  }),
  z
    .object({
      kind: z.literal('tip'),
      amount: z.number().check(z.int(), z.positive()),
      currency: CurrencySchema,
    })
    .check(
      z.refine(TIP_AMOUNT_WITHIN_MAX.check, {
        message: TIP_AMOUNT_WITHIN_MAX.message,
        path: ['amount'],
      }),
    ),
]);
export type CardPaymentPurpose = z.infer<typeof CardPaymentPurposeSchema>;

export const CardPaymentIntentRequestSchema = z.object({
  /** The client's service id (decision 292), also for the payment made before the service exists. */
  serviceId: ServiceIdSchema,
  purpose: CardPaymentPurposeSchema,
  email: z.optional(z.email().check(z.maxLength(254))),
  /** One per payment attempt; the same key answers the same PaymentIntent. */
  idempotencyKey: z
    .string()
    .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected 8-64 URL-safe characters')),
});
export type CardPaymentIntentRequest = z.infer<typeof CardPaymentIntentRequestSchema>;

export const CardPaymentIntentResponseSchema = z.object({
  intentId: z.string(),
  /** Handed to Stripe Elements (`confirmPayment`); it is not a secret key. */
  clientSecret: z.string(),
  /** What the server will charge, in cents: the screen shows this figure. */
  amount: z.number().check(z.int(), z.positive()),
  currency: CurrencySchema,
});
export type CardPaymentIntentResponse = z.infer<typeof CardPaymentIntentResponseSchema>;

/** Stripe PaymentIntent ids (`pi_` then letters and digits). */
export const PaymentIntentIdSchema = z
  .string()
  .check(z.regex(/^pi_[A-Za-z0-9]{1,250}$/, 'Expected a PaymentIntent id (pi_...)'));
