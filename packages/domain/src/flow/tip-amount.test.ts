import { describe, expect, it } from 'vitest';
import { currencyOf } from '../money.ts';
import { initialTipOf, maxTipOf, parseTipAmount, tipChoiceOf, tipPresetsOf } from './tip-amount.ts';

describe('tip presets per currency (decisions 312, 655)', () => {
  it.each([
    ['PR', 'SPEC 9 "Default tip 3": dollars', [2, 3, 5], 3, 100],
    ['PA', 'dollars in Panama too (SPEC 9 "else dollar")', [2, 3, 5], 3, 100],
    ['CR', 'SPEC 9 "colon for Costa Rica": presets in colones', [1000, 1500, 2500], 1500, 50_000],
  ] as const)('%s, %s', (branch, _spec, choices, defaultTip, max) => {
    const currency = currencyOf(branch);
    expect(tipPresetsOf(currency)).toEqual({ choices, defaultTip });
    expect(maxTipOf(currency)).toBe(max);
  });

  it('every preset is a tip the server takes in its currency', () => {
    for (const currency of ['usd', 'crc'] as const) {
      for (const choice of tipPresetsOf(currency).choices) {
        expect(choice).toBeGreaterThan(0);
        expect(choice).toBeLessThanOrEqual(maxTipOf(currency));
      }
      expect(tipPresetsOf(currency).choices).toContain(tipPresetsOf(currency).defaultTip);
    }
  });
});

describe('initialTipOf (SPEC 3 "tips, tipAmount (default 3)")', () => {
  it.each([
    ['no tip given yet, dollars: SPEC 9 "Default tip 3"', false, 3, 'usd', 3],
    ['no tip given yet, colones: the colón default, not 3 colones', false, 3, 'crc', 1500],
    ['a tip already given is shown again', true, 2500, 'crc', 2500],
    ['a typed tip already given is shown again', true, 4.5, 'usd', 4.5],
  ] as const)('%s', (_case, tips, tipAmount, currency, expected) => {
    expect(initialTipOf({ tips, tipAmount }, currency)).toBe(expected);
  });
});

describe('tipChoiceOf (SPEC 9 "Default tip 3")', () => {
  it.each([
    [3, 'usd', 3, 'SPEC 9 "Default tip 3" is a preset'],
    [2, 'usd', 2, 'a preset below the default (decision 312)'],
    [5, 'usd', 5, 'a preset above the default (decision 312)'],
    [4, 'usd', 'other', 'any other stored amount shows as "other"'],
    [1500, 'crc', 1500, 'the colón default is a preset (decision 655)'],
    [3, 'crc', 'other', 'three colones is no preset'],
    [1500, 'usd', 'other', 'a colón preset is no dollar preset'],
  ] as const)('%j %s -> %j: %s', (amount, currency, expected, _spec) => {
    expect(tipChoiceOf(amount, currency)).toBe(expected);
  });
});

describe('parseTipAmount (SPEC 3 "tipAmount" in currency units)', () => {
  it.each([
    ['4', 'usd', 4, 'whole currency units'],
    ['7,50', 'usd', 7.5, 'a comma is the decimal mark'],
    [' 12.25 ', 'usd', 12.25, 'spaces around are ignored'],
    ['100', 'usd', 100, 'the highest dollar tip (MAX_TIP_CENTS, decision 126)'],
    ['0', 'usd', null, 'zero is no tip'],
    ['100.01', 'usd', null, 'above the highest dollar tip (decision 126)'],
    ['12.345', 'usd', null, 'SPEC 9 "Amounts are in cents": at most two decimals'],
    ['1.234', 'usd', null, 'thousands are above the highest dollar tip'],
    ['-3', 'usd', null, 'a negative amount is no tip'],
    ['abc', 'usd', null, 'text is no amount'],
    ['', 'usd', null, 'empty is no amount'],
    ['2000', 'crc', 2000, 'colones (decision 655)'],
    ['1,500', 'crc', 1500, 'a comma before three digits groups thousands'],
    ['1.500', 'crc', 1500, 'so does a point, as colones are often written'],
    ['1,500.50', 'crc', 1500.5, 'grouped, then céntimos: the minor units of the colón'],
    ['1.500,50', 'crc', 1500.5, 'grouped with points, then a decimal comma'],
    ['750,25', 'crc', 750.25, 'céntimos after a comma'],
    ['1,500,50', 'crc', null, 'one sign cannot both group and mark decimals'],
    ['50000', 'crc', 50_000, 'the highest colón tip, ₡50,000 (decision 655)'],
    ['50.000,01', 'crc', null, 'above the highest colón tip'],
    ['1.234.567', 'crc', null, 'far above the highest colón tip'],
    ['1,50,0', 'crc', null, 'groups of three digits only'],
  ] as const)('%j %s -> %j: %s', (text, currency, expected, _spec) => {
    expect(parseTipAmount(text, currency)).toBe(expected);
  });
});
