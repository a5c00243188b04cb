import { describe, expect, it } from 'vitest';
import { branchFromQuery, homeLinkFor, optionAccounts } from './account-id.ts';

const MEMBER_PR = 'a'.repeat(24);
const VISITOR_PR = 'b'.repeat(24);
const MEMBER_PA = 'c'.repeat(24);
const accounts = [
  { branch: 'PR' as const, kind: 'member' as const, id: MEMBER_PR },
  { branch: 'PR' as const, kind: 'visitor' as const, id: VISITOR_PR },
  { branch: 'PA' as const, kind: 'member' as const, id: MEMBER_PA },
];

describe('options accounts (SPEC 2 "/options")', () => {
  it.each([
    [null, 'PR', '"reads query branch (default pr)": no branch'],
    ['pa', 'PA', 'a lower-case branch is upper-cased'],
    ['CR', 'CR', 'an upper-case branch is kept'],
    ['zz', 'PR', 'an unknown branch falls back to the default'],
  ] as const)('branch %s -> %s (%s)', (query, expected, _why) => {
    expect(branchFromQuery(query)).toBe(expected);
  });

  it('picks "one for a member and one for a visitor account" of the branch', () => {
    expect(optionAccounts(accounts, 'PR')).toEqual({ member: MEMBER_PR, visitor: VISITOR_PR });
  });

  it('has no options where the brand lacks either account in the branch', () => {
    expect(optionAccounts(accounts, 'PA')).toBeNull();
    expect(optionAccounts(accounts, 'MX')).toBeNull();
  });

  it('links home with account and brand', () => {
    expect(homeLinkFor(MEMBER_PR, 'connect')).toBe(`/?account=${MEMBER_PR}&brand=connect`);
  });
});
