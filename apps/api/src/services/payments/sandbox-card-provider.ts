import { cardBrandOf, type CardBrand, type CardInput } from '@auxilio/domain';

// ARCHITECTURE 6 "card payment: sandbox provider that accepts the well-known test card numbers,
// clearly labelled" (decision 290). No money moves: the outcome depends on the card number only.

export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card';

/** The well-known decline test numbers and what they answer. */
export const SANDBOX_DECLINES: Readonly<Record<string, DeclineCode>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
};

export const DECLINE_MESSAGES: Readonly<Record<DeclineCode, string>> = {
  card_declined: 'The card was declined',
  insufficient_funds: 'The card has insufficient funds',
  expired_card: 'The card has expired',
};

export type SandboxOutcome =
  | { status: 'succeeded'; brand: CardBrand; last4: string }
  | { status: 'declined'; declineCode: DeclineCode; brand: CardBrand; last4: string };

/**
 * What the sandbox answers for a (Luhn-valid, unexpired) card: the decline test numbers decline,
 * every other valid number succeeds.
 */
export function sandboxCharge(card: Pick<CardInput, 'number'>): SandboxOutcome {
  const brand = cardBrandOf(card.number);
  const last4 = card.number.slice(-4);
  const declineCode = SANDBOX_DECLINES[card.number];
  return declineCode
    ? { status: 'declined', declineCode, brand, last4 }
    : { status: 'succeeded', brand, last4 };
}
