import { BRANDS } from '@auxilio/brands';
import {
  customerFeeCents,
  evaluateLimitCheck,
  isOwnContract,
  maskedContract,
  normalizePlate,
  plateForCaller,
  vehicleSearchTerm,
  type Account,
  type ContractSearchQuery,
  type CustomerContract,
  type LimitCheckRequest,
  type LimitCheckResult,
  type ServiceTypeName,
  type VehicleLookupMode,
} from '@auxilio/domain';
import { AppError, notFound } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import { getAccount } from './accounts.ts';

// SPEC 7 GET /api/v1/dispatch/contracts/ and POST /api/v1/dispatch/contact/checklimit
// (decisions 124, 250).

type Repos = Pick<Repositories, 'accounts' | 'campaigns' | 'integrations' | 'contracts'>;

/** The brand's vehicle lookup mode (SPEC 5 "Vehicle search term"); plate for an unknown brand. */
export function lookupModeOf(brandSlug: string): VehicleLookupMode {
  return BRANDS.find((brand) => brand.slug === brandSlug)?.vehicleLookup ?? 'plate';
}

function isCurrent(contract: CustomerContract, now: Date): boolean {
  return (
    contract.active && (contract.endDate === null || Date.parse(contract.endDate) > now.getTime())
  );
}

/** Who asks about contracts (decision 417). */
export interface ContractViewer {
  /** Card number of a signed-in member (a verified member session); null: the public app key. */
  memberId: string | null;
}

/** The public app key's view of every contract. */
export const PUBLIC_VIEWER: ContractViewer = { memberId: null };

/**
 * A contract as `viewer` may see it (decision 417): in full to the signed-in member who holds it,
 * masked to everyone else, with the plate the caller gave (if any) shown as is.
 */
export function contractForViewer(
  contract: CustomerContract,
  viewer: ContractViewer,
  givenPlate: string | undefined,
): CustomerContract {
  return isOwnContract(contract, viewer.memberId) ? contract : maskedContract(contract, givenPlate);
}

/**
 * Contracts of the account's brand and branch whose lookup field equals `search`, best first: the
 * account's own contracts, then a holder named `fullName`, then current ones (SPEC 7 "the first
 * result is used"). `active=true` keeps current contracts only (active and not expired). Brands
 * that look up by name need the vehicle's `plate` too and match both (decision 417), so a name
 * alone never lists people. Each answer is what `viewer` may see of it.
 */
export async function searchContracts(
  repos: Repos,
  query: ContractSearchQuery,
  viewer: ContractViewer,
  now: Date = new Date(),
): Promise<CustomerContract[]> {
  const account = await getAccount(repos, query.account);
  const mode = lookupModeOf(account.brand);
  const givenPlate = mode === 'plate' ? query.search : query.plate;
  const plate = normalizePlate(query.plate ?? '');
  if (mode === 'name' && plate === '') {
    throw new AppError(
      'BAD_REQUEST',
      "A name is looked up with the vehicle's plate: send `plate` too",
      'querystring.plate',
    );
  }
  // SPEC 5: the plate loses its hyphens and case except for policy-number brands (the policy number
  // is the term there); names are compared without case and with single spaces.
  const term = vehicleSearchTerm(mode, {
    plate: query.search,
    fullName: query.search,
    memberId: query.search,
    policyNumber: query.search,
  });
  const branch = query.branch ?? account.branch;
  const accountIds = await repos.contracts.listBrandAccountIds(account.brand, branch);
  const found = await repos.contracts.search({ field: mode, term, accountIds, branch });
  const wanted = query.fullName?.trim().toLowerCase().replace(/\s+/g, ' ') ?? '';
  const score = (contract: CustomerContract) =>
    (contract.account === account._id ? 4 : 0) +
    (wanted !== '' && contract.fullName.toLowerCase() === wanted ? 2 : 0) +
    (isCurrent(contract, now) ? 1 : 0);
  return found
    .filter((contract) => query.active !== 'true' || isCurrent(contract, now))
    .filter(
      (contract) =>
        mode !== 'name' ||
        contract.vehicles.some((vehicle) => normalizePlate(vehicle.plate) === plate),
    )
    .map((contract, index) => ({ contract, index, score: score(contract) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => contractForViewer(entry.contract, viewer, givenPlate));
}

/** True when the contract is one of the account's brand in the account's branch (its coverage). */
export async function isBrandContract(
  repos: Pick<Repos, 'contracts'>,
  account: Pick<Account, 'brand' | 'branch'>,
  contract: Pick<CustomerContract, 'account'>,
): Promise<boolean> {
  const brandAccounts = await repos.contracts.listBrandAccountIds(account.brand, account.branch);
  return brandAccounts.includes(contract.account);
}

function badRequest(field: string, message: string): AppError {
  // Named as the error handler names schema failures: location, then the dotted path.
  return new AppError('BAD_REQUEST', message, `body.${field}`);
}

async function accountBySalesforceId(
  repos: Repos,
  salesforceId: string,
  field: string,
): Promise<Account> {
  const account = await repos.accounts.findBySalesforceId(salesforceId);
  if (!account) throw badRequest(field, `No account has the salesforce id '${salesforceId}'`);
  return account;
}

/** The situation's fees of the account: what the limit-check request must carry (cents). */
function expectedFees(account: Account, situation: ServiceTypeName) {
  return {
    situationFee: account.serviceFees[situation],
    managementFee: account.managementFee,
  };
}

/**
 * The SPEC 3 limit check: the contract's coverage of the situation against the account's fees for
 * it (decision 250). The fees in the request must be the account's (400 otherwise): the verdict is
 * computed from what the server knows, never from what the client says a service costs.
 */
export async function checkLimit(
  repos: Repos,
  request: LimitCheckRequest,
  now: Date = new Date(),
): Promise<LimitCheckResult> {
  const { serviceData } = request;
  const feeParams = serviceData.customerFeeParams;
  const account = await accountBySalesforceId(
    repos,
    feeParams.sfIdAccount,
    'serviceData.customerFeeParams.sfIdAccount',
  );
  const branchAccount = await accountBySalesforceId(repos, request.accountSfId, 'accountSfId');
  if (branchAccount.branch !== account.branch) {
    throw badRequest('accountSfId', 'accountSfId is an account of another branch');
  }
  if (serviceData.branch !== account.branch) {
    throw badRequest('serviceData.branch', `The account's branch is ${account.branch}`);
  }
  if (feeParams.branch !== account.branch) {
    throw badRequest(
      'serviceData.customerFeeParams.branch',
      `The account's branch is ${account.branch}`,
    );
  }
  const contract = await repos.contracts.findById(serviceData.customerContract);
  if (!contract) throw notFound('Contract', serviceData.customerContract);
  if (!(await isBrandContract(repos, account, contract))) {
    throw badRequest(
      'serviceData.customerContract',
      "The contract is not one of this account's brand and branch",
    );
  }
  const expected = expectedFees(account, serviceData.situation);
  if (expected.situationFee === undefined) {
    throw badRequest('serviceData.situation', 'The account has no fee for this situation');
  }
  if (feeParams.fees.situationFee !== expected.situationFee) {
    throw badRequest(
      'serviceData.customerFeeParams.fees.situationFee',
      `The account's fee for ${serviceData.situation} is ${expected.situationFee} cents`,
    );
  }
  if (feeParams.fees.managementFee !== expected.managementFee) {
    throw badRequest(
      'serviceData.customerFeeParams.fees.managementFee',
      `The account's management fee is ${expected.managementFee} cents`,
    );
  }
  const costCents =
    customerFeeCents({
      serviceFees: account.serviceFees,
      managementFee: account.managementFee,
      situation: serviceData.situation,
    }) ?? 0;
  const verdict = evaluateLimitCheck({
    contract,
    situation: serviceData.situation,
    enteredPlate: request.plate,
    lookupMode: lookupModeOf(account.brand),
    costCents,
    now,
  });
  // Decision 417: the contract's plate is shown only to a caller who gave that plate.
  const { contractPlate } = verdict;
  return {
    ...verdict,
    contractPlate: contractPlate === null ? null : plateForCaller(contractPlate, request.plate),
  };
}
