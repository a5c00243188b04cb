import {
  buildLimitCheckRequest,
  type Account,
  type LimitCheckRequest,
  type ServiceTypeName,
} from '@auxilio/domain';
import type { TestApp } from '../helpers.ts';

/** The account as the repositories read it (throws when the seed lacks it). */
export async function seededAccount(t: TestApp, id: string): Promise<Account> {
  const account = await t.app.repositories.accounts.findById(id);
  if (!account) throw new Error(`the demo seed has no account ${id}`);
  return account;
}

/** A SPEC 3 limit-check body built the way the PWA builds it, with the account's own fees. */
export function limitCheckBody(
  account: Account,
  contractId: string,
  plate: string,
  situation: ServiceTypeName = 'flatTire',
): LimitCheckRequest {
  return buildLimitCheckRequest({
    branch: account.branch,
    situation,
    customerContractId: contractId,
    managementFee: account.managementFee,
    situationFee: account.serviceFees[situation] ?? 0,
    sfIdAccount: account.salesforce,
    accountSfId: account.salesforce,
    plate,
  });
}
