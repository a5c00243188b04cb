import type { AccountConfig } from './contract/accounts.ts';
import type { Branch, PaymentMethod } from './enumerations.ts';

// SPEC 3 "payment methods cash, ath_movil, card"; SPEC 7 "a card payment provider; a mobile payment
// provider". The spec does not say who may pay how (decision 665): the card everywhere, ATH Móvil
// where it exists (a Puerto Rico payment network, in US dollars), cash only where the account says
// its providers collect it.

/** True when ATH Móvil can pay for a service of this branch: Puerto Rico only (decision 665). */
export function isAthMovilBranch(branch: Branch): boolean {
  return branch === 'PR';
}

/**
 * How a service of this account can be paid on /payment, in the order the screen offers them: the
 * card first (SPEC 2 "/payment: Card payment form"), then ATH Móvil in Puerto Rico, then cash when
 * the account's `cashPaymentAllowed` is set (decision 665).
 */
export function servicePaymentMethods(account: {
  branch: Branch;
  config: Pick<AccountConfig, 'cashPaymentAllowed'>;
}): PaymentMethod[] {
  return [
    'card',
    ...(isAthMovilBranch(account.branch) ? (['ath_movil'] as const) : []),
    ...(account.config.cashPaymentAllowed === true ? (['cash'] as const) : []),
  ];
}

/**
 * The ten digits of the phone number of an ATH Móvil account as typed ('787-555-0100',
 * '+1 (787) 555-0100'), or null: ATH Móvil knows its customers by their 10-digit number
 * (MobilePaymentRequestSchema `phoneNumber`).
 */
export function athMovilPhoneDigits(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^\d{10}$/.test(national) ? national : null;
}
