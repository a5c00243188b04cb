import { resolveBrand } from '@auxilio/brands';
import { AccountIdSchema, type Account, type Brand, type RuntimeConfig } from '@auxilio/domain';
import type { Repositories } from '../repositories/index.ts';

/** What a request says about its brand: SPEC 2 entry parameters `brand`, `account`, and the host. */
export interface BrandHintsInput {
  brand?: string | undefined;
  account?: string | undefined;
  host?: string | undefined;
}

export interface BrandContext {
  brand: Brand;
  /** The `account` query when that account exists, else the brand's default account, else null. */
  accountId: string | null;
  /** The brand's Member and Visitor account per branch. */
  brandAccounts: RuntimeConfig['brandAccounts'];
}

/**
 * ARCHITECTURE decision 5: the brand comes from the `brand` query, then the `account` query's
 * account, then the host name (honda, acura, mazda), then the default brand. A malformed or unknown
 * account is ignored here: this runs before the PWA has drawn anything and must not fail.
 */
export async function resolveRequestBrand(
  repos: Pick<Repositories, 'accounts'>,
  hints: BrandHintsInput,
): Promise<{ brand: Brand; account: Account | undefined }> {
  const accountId = AccountIdSchema.safeParse(hints.account).data;
  const account = accountId ? await repos.accounts.findById(accountId) : undefined;
  const brand = resolveBrand({
    brand: hints.brand,
    accountBrand: account?.brand,
    host: hints.host,
  });
  return { brand, account };
}

/**
 * The brand as `resolveRequestBrand`, and the account the PWA starts with: the `account` query's
 * account when it exists, else the brand's default account (its Member account in the brand's
 * country), else null.
 */
export async function resolveBrandContext(
  repos: Pick<Repositories, 'accounts'>,
  hints: BrandHintsInput,
): Promise<BrandContext> {
  const { brand, account } = await resolveRequestBrand(repos, hints);
  const owned = await repos.accounts.listByBrand(brand.slug);
  const fallback = owned.find((a) => a.branch === brand.country && a.kind === 'member');
  return {
    brand,
    accountId: account?._id ?? fallback?._id ?? null,
    brandAccounts: owned.map((a) => ({ branch: a.branch, kind: a.kind, id: a._id })),
  };
}
