import { BranchSchema, type Branch, type RuntimeConfig } from '@auxilio/domain';

// SPEC 2 "/options: reads query branch (default pr); two buttons go to / with account and brand
// query, one for a member and one for a visitor account". The ids come with the runtime config
// (`brandAccounts`), so the screen needs no request of its own (decision 174).

/** Branch of the `branch` query, upper-cased; SPEC 2 "reads query branch (default pr)". */
export function branchFromQuery(value: string | null): Branch {
  const parsed = BranchSchema.safeParse((value ?? '').trim().toUpperCase());
  return parsed.success ? parsed.data : 'PR';
}

/** The brand's Member and Visitor account ids in a branch, or null when it has none there. */
export function optionAccounts(
  brandAccounts: RuntimeConfig['brandAccounts'],
  branch: Branch,
): { member: string; visitor: string } | null {
  const idOf = (kind: 'member' | 'visitor') =>
    brandAccounts.find((account) => account.branch === branch && account.kind === kind)?.id;
  const member = idOf('member');
  const visitor = idOf('visitor');
  return member && visitor ? { member, visitor } : null;
}

/** `/?account=<id>&brand=<slug>`: SPEC 2 "two buttons go to / with account and brand query". */
export function homeLinkFor(accountId: string, brand: string): string {
  return `/?${new URLSearchParams({ account: accountId, brand }).toString()}`;
}
