import { BRANCH_INFO } from './branches.ts';
import { formatMMDDYYYY, plainDateInTimeZone } from './dates.ts';
import type { Branch, Currency } from './enumerations.ts';

// SPEC 9 money rules. Every amount is an integer number of cents unless its name says otherwise.

/** Amount in currency units (dollars, colones) of an amount in cents. SPEC 9: "divided by 100". */
export function centsToAmount(cents: number): number {
  return cents / 100;
}

/** Cents (rounded to the nearest cent) of an amount in currency units. */
export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}

/**
 * Tax rate printed on the receipt by branch, as a fraction (0.13 = 13 %).
 * SPEC 9: "Puerto Rico 0, Costa Rica 13%, Panama 11.5%, Mexico 16%, Colombia 19%".
 */
export const RECEIPT_TAX_RATES: Readonly<Record<Branch, number>> = {
  PR: 0,
  CR: 0.13,
  PA: 0.115,
  MX: 0.16,
  CO: 0.19,
};

// No screen of the road journey applies it; kept for the home track's price (decision 116).
/**
 * The separate "location utilities" tax table of SPEC 9, kept in the spec's own unit: PERCENT
 * (15 = 15 %), not a fraction. SPEC 9: "Puerto Rico 0 (label IVU 11.5%), Costa Rica 15, Panama
 * 11.5". It differs from RECEIPT_TAX_RATES on purpose; Mexico and Colombia are not listed.
 */
export const LOCATION_UTILITIES_TAX_RATES: Readonly<
  Partial<Record<Branch, { percent: number; label?: string }>>
> = {
  PR: { percent: 0, label: 'IVU 11.5%' },
  CR: { percent: 15 },
  PA: { percent: 11.5 },
};

/** Location-utilities tax of a branch in percent, or undefined where the table has no row. */
export function locationUtilitiesTaxPercent(branch: Branch): number | undefined {
  return LOCATION_UTILITIES_TAX_RATES[branch]?.percent;
}

/** Subtotal, tax and total in cents (SPEC 3 "payments (subtotal, tax, total)"). */
export interface FeeBreakdown {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** Fee breakdown in cents; taxRate is a fraction; tax is rounded to the nearest cent. */
export function feeBreakdown(input: {
  feeCents: number;
  taxRate: number;
  surplusCents?: number | null | undefined;
}): FeeBreakdown {
  // SPEC 9: "Fee total is the fee plus tax on the fee; for a surplus it uses the surplus amount."
  const subtotalCents =
    input.surplusCents != null && input.surplusCents > 0 ? input.surplusCents : input.feeCents;
  const taxCents = Math.round(subtotalCents * input.taxRate);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** Fee total in cents: fee (or surplus when there is one) plus tax on it; taxRate is a fraction. */
export function feeTotal(input: {
  feeCents: number;
  taxRate: number;
  surplusCents?: number | null | undefined;
}): number {
  return feeBreakdown(input).totalCents;
}

/** Currency of a branch: crc for Costa Rica, usd elsewhere. */
export function currencyOf(branch: Branch): Currency {
  return BRANCH_INFO[branch].currency;
}

/** Currency symbol of a branch: the colón sign for Costa Rica, the dollar sign elsewhere. */
export function currencySymbol(branch: Branch): string {
  // SPEC 9: "Currency symbol is colon for Costa Rica, else dollar".
  return currencyOf(branch) === 'crc' ? '\u20a1' : '$';
}

/** Digits of a whole number with a comma every three, as '1,234,567'. */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Money text of an amount in cents for a branch, e.g. '$1,234.50' or '₡9,000.00'. Written out
 * rather than through Intl.NumberFormat: a phone's first Intl format loads its locale data, a tenth
 * of a second on a slow phone in the tracking screen's first render (decision 790).
 */
export function formatMoney(cents: number, branch: Branch): string {
  const whole = Math.round(Math.abs(cents));
  const units = groupThousands(Math.floor(whole / 100));
  const fraction = String(whole % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${currencySymbol(branch)}${units}.${fraction}`;
}

/** Receipt date 'MM/DD/YYYY' of an instant in an IANA zone. SPEC 9: "month/day/year". */
export function formatReceiptDate(instant: Date, timeZone: string): string {
  return formatMMDDYYYY(plainDateInTimeZone(instant, timeZone));
}

/** True when fees are charged and shown (brand flag or the account's legacy receipt preview). */
export function feesApply(input: {
  brandFeesApply: boolean;
  legacyReceiptPreview: boolean;
}): boolean {
  // SPEC 9: "Fees apply only to the 'connect' brand or when the legacy receipt preview is on."
  return input.brandFeesApply || input.legacyReceiptPreview;
}

/** True when the receipt shows its total (amount in cents). */
export function isReceiptTotalShown(input: {
  hideZeroReceiptTotal: boolean;
  totalCents: number;
}): boolean {
  // SPEC 9: "receipt total hidden for some brands when the total is 0".
  return !(input.hideZeroReceiptTotal && input.totalCents === 0);
}

/** SPEC 9: "Service cost in the limit-check payload is fixed at 0" (cents). */
export const LIMIT_CHECK_SERVICE_COST = 0;

/**
 * The customer fee of a service before tax, in cents: the account's fee for the situation plus its
 * management fee (decision 251). The fee total adds tax on it (SPEC 9 "Fee total is the fee plus tax
 * on the fee", `feeBreakdown`). Undefined when the account has no fee for that situation.
 */
export function customerFeeCents(input: {
  serviceFees: Partial<Record<string, number>>;
  managementFee: number;
  situation: string;
}): number | undefined {
  const fee = input.serviceFees[input.situation];
  return fee === undefined ? undefined : fee + input.managementFee;
}

/**
 * The price of a service request in cents, before tax (decision 257). SPEC 9: "Fees apply only to
 * the 'connect' brand or when the legacy receipt preview is on ... for a surplus it uses the surplus
 * amount". The same rule as the PWA's `buildServiceRequestPayload`, from the server's own numbers.
 */
export function servicePriceCents(input: {
  /** Surplus of the limit check, in cents; 0 or null when none. */
  surplusCents: number | null;
  /** `feesApply` for the brand and account. */
  feesCharged: boolean;
  /** The customer fee (`customerFeeCents`). */
  feeCents: number;
}): number {
  if (input.surplusCents != null && input.surplusCents > 0) return input.surplusCents;
  return input.feesCharged ? input.feeCents : 0;
}
