import { customerFeeCents, type CustomerFeeQuery } from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import { getAccount } from './accounts.ts';

// SPEC 7 GET /fees/customer: "query: branch, situation, distance, accountId; returns a number in
// data.data" (decision 251).

type Repos = Pick<Repositories, 'accounts' | 'campaigns' | 'integrations'>;

/**
 * The customer fee before tax, in cents: the account's fee for the situation plus its management
 * fee. The client adds tax with `feeBreakdown` (SPEC 9 "Fee total is the fee plus tax on the fee")
 * and sends this fee as the service-request `price`. Distance does not change the fee (decision 251).
 */
export async function customerFee(repos: Repos, query: CustomerFeeQuery): Promise<number> {
  const account = await getAccount(repos, query.accountId);
  if (account.branch !== query.branch) {
    throw new AppError(
      'BAD_REQUEST',
      `The account's branch is ${account.branch}`,
      'querystring.branch',
    );
  }
  const fee = customerFeeCents({
    serviceFees: account.serviceFees,
    managementFee: account.managementFee,
    situation: query.situation,
  });
  if (fee === undefined) {
    throw new AppError(
      'BAD_REQUEST',
      'The account has no fee for this situation',
      'querystring.situation',
    );
  }
  return fee;
}
