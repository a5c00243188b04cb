import { DEFAULT_TIP, MAX_TIP_CENTS, centsToAmount } from '@auxilio/domain';

/** Preset tips in currency units; SPEC 9 "Default tip 3" is the one chosen at first (decision 312). */
export const TIP_CHOICES = [2, DEFAULT_TIP, 5] as const;

/** Highest tip in currency units (the domain's MAX_TIP_CENTS). */
export const MAX_TIP = centsToAmount(MAX_TIP_CENTS);

/** The choice that shows a stored tip: a preset, or 'other' for any other amount. */
export function choiceOf(amount: number): number | 'other' {
  return (TIP_CHOICES as readonly number[]).includes(amount) ? amount : 'other';
}

/**
 * An amount typed in the "other" field, in currency units, or null when it is not a tip: empty,
 * zero, more than two decimals, or above MAX_TIP. A comma is read as the decimal mark.
 */
export function parseTipAmount(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d{1,6}(?:\.\d{1,2})?$/.test(normalized)) return null;
  const amount = Number(normalized);
  return amount > 0 && amount <= MAX_TIP ? amount : null;
}
