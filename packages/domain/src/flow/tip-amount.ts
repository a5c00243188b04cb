import { DEFAULT_TIP } from '../constants.ts';
import { MAX_TIP_CENTS } from '../contract/tips.ts';
import type { Currency } from '../enumerations.ts';
import { centsToAmount } from '../money.ts';

// The amounts of the tip screen, per currency (decisions 312, 655): SPEC 9 "Default tip 3" and SPEC 3
// "tipAmount (default 3)" are dollars; colones have their own presets. Amounts are currency units.

/** The preset tips of a currency and the one chosen at first, in currency units. */
export interface TipPresets {
  choices: readonly number[];
  defaultTip: number;
}

/**
 * Preset tips by currency. Dollars: 2, SPEC 9's default 3, and 5 (decision 312). Colones: 1,000,
 * 1,500 and 2,500, about the same tips at some 500 colones to the dollar (decision 655).
 */
export const TIP_PRESETS: Readonly<Record<Currency, TipPresets>> = {
  usd: { choices: [2, DEFAULT_TIP, 5], defaultTip: DEFAULT_TIP },
  crc: { choices: [1000, 1500, 2500], defaultTip: 1500 },
};

/** The preset tips of a currency (its `currencyOf(branch)`). */
export function tipPresetsOf(currency: Currency): TipPresets {
  return TIP_PRESETS[currency];
}

/** Highest tip in currency units (the domain's MAX_TIP_CENTS of that currency). */
export function maxTipOf(currency: Currency): number {
  return centsToAmount(MAX_TIP_CENTS[currency]);
}

/**
 * The tip chosen when /tips opens, in currency units: the one the customer already gave (the
 * session's payment, SPEC 3 "tips, tipAmount"), else the currency's default.
 */
export function initialTipOf(
  payment: { tips: boolean; tipAmount: number },
  currency: Currency,
): number {
  return payment.tips ? payment.tipAmount : tipPresetsOf(currency).defaultTip;
}

/** The choice that shows a tip: one of the currency's presets, or 'other' for any other amount. */
export function tipChoiceOf(amount: number, currency: Currency): number | 'other' {
  return tipPresetsOf(currency).choices.includes(amount) ? amount : 'other';
}

/** Thousands grouped by one separator ('1,500', '12.000'), then maybe the other as decimal mark. */
const GROUPED = /^(\d{1,3}(?:([.,])\d{3})+)(?:[.,](\d{1,2}))?$/;
/** Plain digits, maybe a comma or point as the decimal mark and one or two decimals. */
const PLAIN = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;

/**
 * An amount typed in the "other" field, in currency units, or null when it is not a tip: empty,
 * zero, a third decimal (SPEC 9 "Amounts are in cents": both currencies have two minor digits), or
 * above the currency's highest tip. A comma or a point is the decimal mark before one or two
 * digits; before three digits it groups thousands ('1,500' and '1.500' are 1500), as colón
 * amounts are usually written (decision 655).
 */
export function parseTipAmount(text: string, currency: Currency): number | null {
  const normalized = text.trim();
  const grouped = GROUPED.exec(normalized);
  let whole: string;
  let decimals: string;
  if (grouped) {
    const [, digits = '', separator = '', fraction = ''] = grouped;
    const decimalMark = normalized.charAt(digits.length);
    // '1,500,25' mixes nothing: the decimal mark must be the other sign than the grouping one.
    if (fraction !== '' && decimalMark === separator) return null;
    whole = digits.split(separator).join('');
    decimals = fraction;
  } else {
    const plain = PLAIN.exec(normalized);
    if (!plain) return null;
    whole = plain[1] ?? '';
    decimals = plain[2] ?? '';
  }
  const amount = Number(decimals === '' ? whole : `${whole}.${decimals}`);
  return amount > 0 && amount <= maxTipOf(currency) ? amount : null;
}
