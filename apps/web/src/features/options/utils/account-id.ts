import { BranchSchema, type AccountKind, type Branch } from '@auxilio/domain';

// SPEC 1 "A Member and a Visitor account exist as separate accounts per branch". Seeded account ids
// are the first 24 hex digits of sha256(`${brand}:${branch}:${kind}`) (apps/api/src/db/schema.ts), so
// the options screen can link to them without a lookup (decision 174).

/** Branch of the `branch` query, upper-cased; SPEC 2 "reads query branch (default pr)". */
export function branchFromQuery(value: string | null): Branch {
  const parsed = BranchSchema.safeParse((value ?? '').trim().toUpperCase());
  return parsed.success ? parsed.data : 'PR';
}

/** Id of the seeded Member or Visitor account of a brand in a branch, via Web Crypto. */
export async function deriveAccountId(
  brand: string,
  branch: Branch,
  kind: AccountKind,
): Promise<string> {
  const bytes = new TextEncoder().encode(`${brand}:${branch.toUpperCase()}:${kind}`);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 24);
}

/** `/?account=<id>&brand=<slug>`: SPEC 2 "two buttons go to / with account and brand query". */
export function homeLinkFor(accountId: string, brand: string): string {
  return `/?${new URLSearchParams({ account: accountId, brand }).toString()}`;
}
