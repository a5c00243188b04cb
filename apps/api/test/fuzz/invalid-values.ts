import fc from 'fast-check';

// Inputs a schema should reject (or a handler should survive): wrong types, numbers out of any
// sane range, long and odd strings, unicode edge cases, injection-looking text.

/** Strings that have broken parsers, path joins and SQL before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  "' OR 1=1 --",
  '"; DROP TABLE services; --',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
  'constructor',
  '\u202Eabc',
  '\uD800',
  '\uFEFF',
  'Z̴̡̪̫͖̹̈́̽ả̶̝l̷̡̘̈́g̴̞̈́o̵̹͂',
  '😀👩‍👩‍👧‍👦🇵🇷',
  'ｆｕｌｌｗｉｄｔｈ',
  '١٢٣',
  '\r\nX-Injected: 1',
] as const;

const NASTY_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  2 ** 31,
  -(2 ** 31) - 1,
  5e-324,
] as const;

/** A string between 1 and 20,000 characters (under the 64 KiB body limit once in JSON). */
export const longString = fc
  .tuple(fc.integer({ min: 1_000, max: 20_000 }), fc.constantFrom('x', 'é', '😀', '9'))
  .map(([length, unit]) => unit.repeat(length));

/** Any JSON value of the wrong kind for most fields. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(...NASTY_NUMBERS),
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  longString,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value as text: strings as they are, anything else as its JSON. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  // JSON.stringify answers undefined for undefined and functions, whatever its declared type.
  const json = JSON.stringify(value) as string | undefined;
  return json ?? '';
}

/** encodeURIComponent that does not throw on a lone surrogate (it becomes U+FFFD, as in URLs). */
export function percentEncode(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));
}

/** A path segment as it would appear on the wire: odd, encoded or deliberately mis-encoded. */
export const oddPathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    '%',
    '%ZZ',
    '%E0%A4%A',
    '%C0%AF',
    '..%2F..%2Fetc%2Fpasswd',
    'a%2Fb',
    '%20',
    '%F0%9F%98%80',
    '~',
    ';x=1',
    '%0D%0ASet-Cookie:%20a=b',
  ),
  fc.constantFrom(...NASTY_STRINGS).map(percentEncode),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(percentEncode),
  fc.integer({ min: 65, max: 3_000 }).map((length) => 'a'.repeat(length)),
);

/** Bodies that are not JSON although they claim to be. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '{"a":1}}',
    "{'a':1}",
    'undefined',
    'NaN',
    '\u0000',
    '{"a":1,}',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }).filter((text) => !isJson(text)),
);

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
