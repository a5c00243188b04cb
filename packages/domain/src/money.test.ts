import { describe, expect, it } from 'vitest';
import type { Branch } from './enumerations.ts';
import {
  centsToAmount,
  currencyOf,
  currencySymbol,
  feeBreakdown,
  feesApply,
  feeTotal,
  formatMoney,
  formatReceiptDate,
  isReceiptTotalShown,
  LIMIT_CHECK_SERVICE_COST,
  LOCATION_UTILITIES_TAX_RATES,
  locationUtilitiesTaxPercent,
  RECEIPT_TAX_RATES,
} from './money.ts';

describe('centsToAmount', () => {
  const RULE = 'SPEC 9: "Amounts are in cents (divided by 100)."';
  it.each<[string, number, number]>([
    [RULE, 0, 0],
    [RULE, 1, 0.01],
    [RULE, 4599, 45.99],
    [RULE, 150000, 1500],
  ])('%s: %i -> %d', (_spec, cents, amount) => {
    expect(centsToAmount(cents)).toBe(amount);
  });
});

describe('tax tables', () => {
  const RECEIPT =
    'SPEC 9: "Tax rates by branch in the receipt: Puerto Rico 0, Costa Rica 13%, Panama 11.5%, Mexico 16%, Colombia 19%."';
  it.each<[string, Branch, number]>([
    [RECEIPT, 'PR', 0],
    [RECEIPT, 'CR', 0.13],
    [RECEIPT, 'PA', 0.115],
    [RECEIPT, 'MX', 0.16],
    [RECEIPT, 'CO', 0.19],
  ])('%s: receipt %s is %d', (_spec, branch, rate) => {
    expect(RECEIPT_TAX_RATES[branch]).toBe(rate);
  });

  const UTILITIES =
    'SPEC 9: "Location utilities: Puerto Rico 0 (label IVU 11.5%), Costa Rica 15, Panama 11.5."';
  it.each<[string, Branch, number | undefined]>([
    [UTILITIES, 'PR', 0],
    [UTILITIES, 'CR', 15],
    [UTILITIES, 'PA', 11.5],
    [UTILITIES + ' (Mexico has no row)', 'MX', undefined],
    [UTILITIES + ' (Colombia has no row)', 'CO', undefined],
  ])('%s: utilities %s is %s percent', (_spec, branch, percent) => {
    expect(locationUtilitiesTaxPercent(branch)).toBe(percent);
  });

  it('SPEC 9: the location-utilities table labels Puerto Rico "IVU 11.5%" and differs from the receipt table', () => {
    expect(LOCATION_UTILITIES_TAX_RATES.PR?.label).toBe('IVU 11.5%');
    expect((LOCATION_UTILITIES_TAX_RATES.CR?.percent ?? 0) / 100).not.toBe(RECEIPT_TAX_RATES.CR);
  });
});

describe('feeTotal', () => {
  const FEE = 'SPEC 9: "Fee total is the fee plus tax on the fee"';
  const SURPLUS = 'SPEC 9: "for a surplus it uses the surplus amount"';
  it.each<[string, number, number, number | null, number, number, number]>([
    // [spec, fee, rate, surplus, subtotal, tax, total]
    [FEE, 5000, 0, null, 5000, 0, 5000],
    [FEE, 5000, 0.13, null, 5000, 650, 5650],
    [FEE, 4599, 0.115, null, 4599, 529, 5128],
    [FEE, 10000, 0.16, null, 10000, 1600, 11600],
    [FEE, 7550, 0.19, null, 7550, 1435, 8985],
    [SURPLUS, 5000, 0.13, 2000, 2000, 260, 2260],
    [SURPLUS, 5000, 0, 12345, 12345, 0, 12345],
    [SURPLUS + ' (a zero surplus is no surplus)', 5000, 0.13, 0, 5000, 650, 5650],
    [FEE + ' (a zero fee costs nothing)', 0, 0.19, null, 0, 0, 0],
  ])('%s: fee %i rate %d surplus %s', (_spec, feeCents, taxRate, surplusCents, sub, tax, total) => {
    expect(feeBreakdown({ feeCents, taxRate, surplusCents })).toEqual({
      subtotalCents: sub,
      taxCents: tax,
      totalCents: total,
    });
    expect(feeTotal({ feeCents, taxRate, surplusCents })).toBe(total);
  });
});

describe('currency', () => {
  const SYMBOL =
    'SPEC 9: "Currency symbol is colon for Costa Rica, else dollar; currencies usd, crc."';
  it.each<[string, Branch, string, string]>([
    [SYMBOL, 'CR', 'crc', '\u20a1'],
    [SYMBOL, 'PR', 'usd', '$'],
    [SYMBOL, 'PA', 'usd', '$'],
    [SYMBOL, 'CO', 'usd', '$'],
    [SYMBOL, 'MX', 'usd', '$'],
  ])('%s: %s', (_spec, branch, currency, symbol) => {
    expect(currencyOf(branch)).toBe(currency);
    expect(currencySymbol(branch)).toBe(symbol);
  });

  it.each<[string, number, Branch, string]>([
    [SYMBOL + ' with "Amounts are in cents"', 4599, 'PR', '$45.99'],
    [SYMBOL + ' with "Amounts are in cents"', 123456, 'PA', '$1,234.56'],
    [SYMBOL + ' with "Amounts are in cents"', 900000, 'CR', '\u20a19,000.00'],
    [SYMBOL + ' with "Amounts are in cents"', 0, 'CO', '$0.00'],
    [SYMBOL + ' with "Amounts are in cents" (a refund)', -250, 'PR', '-$2.50'],
  ])('%s: %i cents in %s -> %s', (_spec, cents, branch, text) => {
    expect(formatMoney(cents, branch)).toBe(text);
  });
});

describe('formatMoney digits', () => {
  const intlDigits = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

  it.each([0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456_789, 100_000_000_000])(
    'writes %i cents with the digits and commas of an en-US number format',
    (cents) => {
      expect(formatMoney(cents, 'PR')).toBe(`$${intlDigits.format(cents / 100)}`);
      expect(formatMoney(-cents, 'CR')).toBe(
        `${cents === 0 ? '' : '-'}\u20a1${intlDigits.format(cents / 100)}`,
      );
    },
  );

  it('rounds a part of a cent to the nearest cent, a half away from zero', () => {
    expect(formatMoney(4599.5, 'PR')).toBe('$46.00');
    expect(formatMoney(4599.4, 'PR')).toBe('$45.99');
    expect(formatMoney(-12.5, 'PA')).toBe('-$0.13');
  });
});

describe('formatReceiptDate', () => {
  const RULE = 'SPEC 9: "Receipt date format month/day/year"';
  it.each<[string, string, string, string]>([
    [RULE, '2026-03-05T15:00:00Z', 'America/Puerto_Rico', '03/05/2026'],
    [
      RULE + ' (late evening stays on the local day)',
      '2026-03-06T02:30:00Z',
      'America/Costa_Rica',
      '03/05/2026',
    ],
    [RULE, '2026-12-31T23:59:00Z', 'America/Bogota', '12/31/2026'],
    [
      RULE + ' (the zone decides the day, not the machine)',
      '2027-01-01T04:30:00Z',
      'America/Puerto_Rico',
      '01/01/2027',
    ],
  ])('%s: %s in %s -> %s', (_spec, iso, zone, text) => {
    expect(formatReceiptDate(new Date(iso), zone)).toBe(text);
  });
});

describe('feesApply and receipt total', () => {
  const FEES =
    'SPEC 9: "Fees apply only to the \'connect\' brand or when the legacy receipt preview is on."';
  it.each<[string, boolean, boolean, boolean]>([
    [FEES, true, false, true],
    [FEES, false, true, true],
    [FEES, true, true, true],
    [FEES, false, false, false],
  ])('%s: brand %s, preview %s -> %s', (_spec, brandFeesApply, legacyReceiptPreview, expected) => {
    expect(feesApply({ brandFeesApply, legacyReceiptPreview })).toBe(expected);
  });

  const HIDDEN = 'SPEC 9: "receipt total hidden for some brands when the total is 0"';
  it.each<[string, boolean, number, boolean]>([
    [HIDDEN, true, 0, false],
    [HIDDEN, true, 1, true],
    [HIDDEN, false, 0, true],
    [HIDDEN, false, 5650, true],
  ])('%s: hide %s, total %i -> shown %s', (_spec, hideZeroReceiptTotal, totalCents, shown) => {
    expect(isReceiptTotalShown({ hideZeroReceiptTotal, totalCents })).toBe(shown);
  });

  it('SPEC 9: "Service cost in the limit-check payload is fixed at 0."', () => {
    expect(LIMIT_CHECK_SERVICE_COST).toBe(0);
  });
});
