import { BRANDS } from '@auxilio/brands';
import {
  customerFeeCents,
  evaluateLimitCheck,
  feesApply,
  servicePriceCents,
  type Account,
  type CustomerContract,
  type ServiceRequestPayload,
} from '@auxilio/domain';
import type { Repositories } from '../../repositories/index.ts';
import { isBrandContract } from '../contracts.ts';

// What a service request costs: the server's price and surplus (decisions 250, 257), never the
// price the client sent.

/**
 * The contract a request names, when it is one of the account's brand and branch: only those give
 * coverage (a contract of another brand, kept by the check-limit reset of SPEC 4, is a reference
 * only). The client sends an id; what the contract holds is read here.
 */
async function coveringContract(
  repos: Pick<Repositories, 'contracts'>,
  account: Account,
  contractId: string | null,
): Promise<CustomerContract | undefined> {
  if (!contractId) return undefined;
  const contract = await repos.contracts.findById(contractId);
  return contract && (await isBrandContract(repos, account, contract)) ? contract : undefined;
}

/**
 * The price the server charges, in cents before tax, and the surplus (decision 257): the payload's
 * `price` is not trusted. The surplus comes from the limit check of the payload's contract against
 * the account's fee (decision 250); the price follows SPEC 9 (`servicePriceCents`). Also answers
 * the covering contract itself.
 */
export async function serverPrice(
  repos: Pick<Repositories, 'contracts'>,
  account: Account,
  payload: Pick<ServiceRequestPayload, 'situation' | 'customerContract' | 'vehPlate'>,
  now: Date,
): Promise<{ priceCents: number; surplusCents: number; contract: CustomerContract | undefined }> {
  const brand = BRANDS.find((candidate) => candidate.slug === account.brand);
  const feeCents =
    customerFeeCents({
      serviceFees: account.serviceFees,
      managementFee: account.managementFee,
      situation: payload.situation,
    }) ?? 0;
  const contract = await coveringContract(repos, account, payload.customerContract);
  const verdict = contract
    ? evaluateLimitCheck({
        contract,
        situation: payload.situation,
        enteredPlate: payload.vehPlate,
        lookupMode: brand?.vehicleLookup ?? 'plate',
        costCents: feeCents,
        now,
      })
    : null;
  const surplusCents = verdict?.surplus?.amount ?? 0;
  const feesCharged = feesApply({
    brandFeesApply: brand?.feesApply ?? false,
    legacyReceiptPreview: account.config.legacyReceiptPreview,
  });
  return {
    priceCents: servicePriceCents({ surplusCents, feesCharged, feeCents }),
    surplusCents,
    contract,
  };
}
