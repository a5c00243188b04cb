// @vitest-environment node
import { BRANDS, serviceCentersOf } from '@auxilio/brands';
import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay } from './phone-format.ts';

/** The screen's text with plain spaces and hyphens, for readable expectations. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ').replace(/\u2011/g, '-');

describe('formatPhoneForDisplay', () => {
  it.each([
    ['+17875550100', 'PR', '(787) 555-0100', 'Puerto Rico, seen from Puerto Rico'],
    ['+19395550123', 'PR', '(939) 555-0123', "Puerto Rico's other area code"],
    ['+50761234567', 'PA', '6123-4567', 'a Panama mobile, seen from Panama'],
    ['+50687654321', 'CR', '8765 4321', 'Costa Rica'],
    ['+573001234567', 'CO', '300 1234567', 'a Colombia mobile'],
    ['+525512345678', 'MX', '55 1234 5678', 'Mexico City'],
    ['+50761234567', 'PR', '+507 6123 4567', 'a Panama number seen from Puerto Rico'],
    ['+17875550100', null, '+1 787 555 0100', 'no country known: international'],
    ['7875550100', 'PR', '(787) 555-0100', 'national digits of the country'],
  ])('%s in %s reads %s (%s)', (phone, country, expected, _why) => {
    expect(plain(formatPhoneForDisplay(phone, country))).toBe(expected);
  });

  it('keeps the number on one line: no plain space or hyphen is left to break at', () => {
    const text = formatPhoneForDisplay('+17875550100', 'PR');
    expect(text).toBe('(787)\u00a0555\u20110100');
    expect(text).not.toMatch(/[ -]/);
  });

  it.each([['***-**42'], ['+52555'], ['']])(
    'gives back %j, which is not a possible number',
    (text) => {
      expect(formatPhoneForDisplay(text, 'MX')).toBe(text);
    },
  );
});

describe('the numbers the catalog shows', () => {
  // A number that is not possible in its country would be shown raw ("+5255550100").
  const numbers = BRANDS.flatMap((brand) => [
    ...Object.entries(brand.help.phones).map(([branch, phone]) => ({
      where: `${brand.slug} help ${branch}`,
      phone,
      branch,
    })),
    ...serviceCentersOf(brand).map((centre) => ({
      where: `${brand.slug} centre ${centre.id}`,
      phone: centre.phone,
      branch: centre.branch,
    })),
  ]);

  it.each(numbers)('$where: $phone is written as its country writes it', ({ phone, branch }) => {
    const text = formatPhoneForDisplay(phone, branch);
    expect(text).not.toBe(phone);
    expect(text).not.toMatch(/^\+/);
  });
});
