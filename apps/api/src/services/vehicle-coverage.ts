import {
  coverageWithUsage,
  isContractCurrent,
  isOwnContract,
  maskedVehicle,
  normalizePlate,
  type CustomerContract,
  type MemberVehicle,
  type VehicleServices,
  type VehicleServicesQuery,
} from '@auxilio/domain';
import { BRANDS } from '@auxilio/brands';
import { AppError } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import { getAccount } from './accounts.ts';
import type { ContractViewer } from './contracts.ts';

// SPEC 7 GET /api/v1/dispatch/vehicle/services (query: accountId, plate, mbi, contractId) and
// GET /api/v1/mmm/member/{id}/vehicle. Decisions 410 and 411.

type Repos = Pick<Repositories, 'accounts' | 'campaigns' | 'integrations' | 'contracts'>;

function noCoverage(): AppError {
  return new AppError('NOT_FOUND', 'No contract of this account covers that vehicle');
}

/** Current contracts first, keeping the repository's order among equals. */
function currentFirst(found: readonly CustomerContract[], now: Date): CustomerContract[] {
  return [...found].sort(
    (a, b) => Number(isContractCurrent(b, now)) - Number(isContractCurrent(a, now)),
  );
}

async function findContract(
  repos: Repos,
  query: VehicleServicesQuery,
  accountIds: readonly string[],
  branch: string,
  now: Date,
): Promise<CustomerContract | undefined> {
  if (query.contractId) {
    const contract = await repos.contracts.findById(query.contractId);
    return contract && accountIds.includes(contract.account) ? contract : undefined;
  }
  // SPEC 5: "Plate hyphens are removed"; plates are stored normalised. mbi is the member's
  // beneficiary id, which our contracts keep as the member id (decision 410).
  const search = query.plate
    ? { field: 'plate' as const, term: normalizePlate(query.plate) }
    : { field: 'memberId' as const, term: (query.mbi ?? '').trim() };
  const found = await repos.contracts.search({ ...search, accountIds, branch });
  return currentFirst(found, now)[0];
}

/**
 * The coverage and usage of a vehicle (decision 410): the contract of the account's brand and
 * branch named by `contractId`, else holding the `plate`, else of the member `mbi`; with a plate,
 * the vehicle must be on that contract. 404 when no such contract covers the vehicle. The vehicle
 * has no VIN and a masked plate unless the caller gave that plate or holds the contract as a
 * signed-in member (decision 417).
 */
export async function getVehicleCoverage(
  repos: Repos,
  query: VehicleServicesQuery,
  viewer: ContractViewer,
  now: Date = new Date(),
): Promise<VehicleServices> {
  const account = await getAccount(repos, query.accountId);
  const accountIds = await repos.contracts.listBrandAccountIds(account.brand, account.branch);
  const contract = await findContract(repos, query, accountIds, account.branch, now);
  if (!contract) throw noCoverage();
  const plate = query.plate ? normalizePlate(query.plate) : undefined;
  const vehicle = plate
    ? contract.vehicles.find((candidate) => candidate.plate === plate)
    : contract.vehicles.length === 1
      ? contract.vehicles[0]
      : undefined;
  if (plate && !vehicle) throw noCoverage();
  const own = isOwnContract(contract, viewer.memberId);
  return {
    contractId: contract._id,
    account: contract.account,
    branch: contract.branch,
    current: isContractCurrent(contract, now),
    vehicle: !vehicle ? null : own ? vehicle : maskedVehicle(vehicle, query.plate),
    services: coverageWithUsage(contract.coverageLimits),
  };
}

/** The insurer's brands that the `/mmm/` path serves (SPEC 2 names them together). */
const MMM_BRANDS = ['mmm', 'mmm-empleados'] as const;

/**
 * The vehicles of an MMM member (decision 411): those of the member's current contracts with any
 * MMM brand account, in every branch of those brands. 404 when no MMM contract has that member id.
 * Without the member's own session the vehicles carry no VIN and masked plates (decision 417).
 */
export async function getMemberVehicles(
  repos: Repos,
  memberId: string,
  viewer: ContractViewer,
  now: Date = new Date(),
): Promise<MemberVehicle[]> {
  const found: CustomerContract[] = [];
  for (const brand of BRANDS.filter((entry) =>
    (MMM_BRANDS as readonly string[]).includes(entry.slug),
  )) {
    for (const branch of brand.branches) {
      const accountIds = await repos.contracts.listBrandAccountIds(brand.slug, branch);
      found.push(
        ...(await repos.contracts.search({
          field: 'memberId',
          term: memberId,
          accountIds,
          branch,
        })),
      );
    }
  }
  if (found.length === 0) throw new AppError('NOT_FOUND', `No MMM member has the id '${memberId}'`);
  return found
    .filter((contract) => isContractCurrent(contract, now))
    .flatMap((contract) =>
      contract.vehicles.map((vehicle) => {
        const shown = isOwnContract(contract, viewer.memberId)
          ? vehicle
          : maskedVehicle(vehicle, undefined);
        return { ...shown, contractId: contract._id };
      }),
    );
}
