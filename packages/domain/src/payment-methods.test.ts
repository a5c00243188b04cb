import { describe, expect, it } from 'vitest';
import { BRANCHES, type Branch } from './enumerations.ts';
import { athMovilPhoneDigits, isAthMovilBranch, servicePaymentMethods } from './payment-methods.ts';

describe('servicePaymentMethods (SPEC 3 "payment methods cash, ath_movil, card"; decision 665)', () => {
  it.each([
    ['PR', undefined, ['card', 'ath_movil'], 'ATH Móvil is a Puerto Rico payment network'],
    ['PR', false, ['card', 'ath_movil'], 'no cash unless the account allows it'],
    ['PR', true, ['card', 'ath_movil', 'cash'], 'an account whose providers collect cash'],
    ['PA', undefined, ['card'], 'SPEC 2 "/payment: Card payment form": the card everywhere'],
    ['PA', true, ['card', 'cash'], 'cash follows the account, not the country'],
    ['CR', undefined, ['card'], 'no ATH Móvil in Costa Rica (colones)'],
    ['CO', true, ['card', 'cash'], 'cash in Colombia when the account allows it'],
    ['MX', undefined, ['card'], 'no ATH Móvil in Mexico'],
  ] as const)('%s, cash %j -> %j: %s', (branch, cashPaymentAllowed, expected, _spec) => {
    expect(servicePaymentMethods({ branch, config: { cashPaymentAllowed } })).toEqual(expected);
  });
});

describe('isAthMovilBranch', () => {
  it.each(BRANCHES.map((branch): [Branch, boolean] => [branch, branch === 'PR']))(
    '%s -> %s',
    (branch, expected) => {
      expect(isAthMovilBranch(branch)).toBe(expected);
    },
  );
});

describe('athMovilPhoneDigits (the 10 digits MobilePaymentRequestSchema takes)', () => {
  it.each([
    ['787-555-0100', '7875550100', 'as written in Puerto Rico'],
    ['(787) 555 0100', '7875550100', 'brackets and spaces are ignored'],
    ['+1 787 555 0100', '7875550100', 'the country code 1 is dropped'],
    ['17875550100', '7875550100', 'the country code without a plus'],
    ['787-555-010', null, 'nine digits are too few'],
    ['27875550100', null, 'eleven digits not starting with the country code'],
    ['', null, 'nothing typed'],
  ] as const)('%j -> %j: %s', (text, expected, _why) => {
    expect(athMovilPhoneDigits(text)).toBe(expected);
  });
});
