import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { branchFromQuery, deriveAccountId, homeLinkFor } from './account-id.ts';

describe('options account ids (SPEC 2 "/options")', () => {
  it.each([
    [null, 'PR', '"reads query branch (default pr)": no branch'],
    ['pa', 'PA', 'a lower-case branch is upper-cased'],
    ['CR', 'CR', 'an upper-case branch is kept'],
    ['zz', 'PR', 'an unknown branch falls back to the default'],
  ] as const)('branch %s -> %s (%s)', (query, expected, _why) => {
    expect(branchFromQuery(query)).toBe(expected);
  });

  it('derives the seeded id: first 24 hex of sha256(brand:BRANCH:kind)', async () => {
    const expected = createHash('sha256').update('connect:PR:visitor').digest('hex').slice(0, 24);
    await expect(deriveAccountId('connect', 'PR', 'visitor')).resolves.toBe(expected);
    await expect(deriveAccountId('connect', 'PR', 'member')).resolves.not.toBe(expected);
  });

  it('links home with account and brand', () => {
    expect(homeLinkFor('a'.repeat(24), 'connect')).toBe(
      `/?account=${'a'.repeat(24)}&brand=connect`,
    );
  });
});
