import { z } from 'zod/mini';
import type { VehicleLookupMode } from './brand.ts';
import type { CoverageLimit, CustomerContract } from './contract/customer-contracts.ts';
import type { LimitCheckRequest, LimitCheckResult } from './contract/limit-check.ts';
import { BranchSchema } from './enumerations.ts';
import { LIMIT_CHECK_SERVICE_COST } from './money.ts';
import { ServiceTypeNameSchema } from './service-types.ts';
import { vehicleSearchPlate } from './validation.ts';

// The limit check of SPEC 3 and 4 (decisions 124, 250): the request the PWA builds and the verdict
// the server computes, over the wire schemas of contract/limit-check.ts.

export interface LimitCheckInput {
  branch: z.infer<typeof BranchSchema>;
  situation: z.infer<typeof ServiceTypeNameSchema>;
  customerContractId: string;
  /** Management fee and the situation's fee of the account, in cents. */
  managementFee: number;
  situationFee: number;
  /** Salesforce id of the account (SPEC 3 "sfIdAccount"). */
  sfIdAccount: string;
  /** Salesforce id of the branch (SPEC 3 "accountSfId (salesforce id of the branch)"). */
  accountSfId: string;
  plate: string;
}

/** Builds the limit-check body of SPEC 3 with its fixed nulls and the service cost fixed at 0. */
export function buildLimitCheckRequest(input: LimitCheckInput): LimitCheckRequest {
  return {
    serviceData: {
      branch: input.branch,
      situation: input.situation,
      providerDistance: null,
      distance: null,
      customerContract: input.customerContractId,
      customerFeeParams: {
        branch: input.branch,
        distance: null,
        fees: { managementFee: input.managementFee, situationFee: input.situationFee },
        providerCosts: { serviceCost: LIMIT_CHECK_SERVICE_COST },
        sfIdAccount: input.sfIdAccount,
      },
    },
    accountSfId: input.accountSfId,
    plate: input.plate,
  };
}

/** Customer texts of the limit check (SPEC 4 "With policy limit V2 the limit messages are kept"). */
export const LIMIT_CHECK_MESSAGES = {
  plateMismatch: 'La tablilla no corresponde a un vehículo del contrato.',
  contractNotCurrent: 'El contrato no está vigente.',
  notCovered: 'El contrato no cubre este servicio.',
  eventsUsedUp: 'Ya utilizó todos los servicios de este tipo que cubre su contrato.',
  surplus: 'El servicio excede el límite de cobertura: se cobrará el excedente.',
} as const;

/** The coverage row of a situation: the row of that service type, else the every-type row. */
export function coverageFor(
  limits: readonly CoverageLimit[],
  situation: string,
): CoverageLimit | undefined {
  return (
    limits.find((limit) => limit.serviceType === situation) ??
    limits.find((limit) => limit.serviceType === null)
  );
}

/**
 * The limit-check verdict for a contract (decision 250). In order: an entered plate that is none of
 * the contract's vehicles (compared as the brand's lookup compares plates, SPEC 5), a contract that
 * is inactive or expired, a situation it does not cover, and a coverage whose services are used up
 * all answer checkLimit and setOnDemand (SPEC 4: the flow then shows vehicle-not-found for the plate
 * difference, exceed-limit otherwise). A cost above the amount covered per service yields a surplus
 * of the difference (SPEC 2 "a surplus applies when the requested service exceeds the coverage
 * limit"). Amounts in cents.
 */
export function evaluateLimitCheck(input: {
  contract: Pick<CustomerContract, 'active' | 'endDate' | 'vehicles' | 'coverageLimits'>;
  situation: string;
  /** The plate the customer entered; '' when the lookup was by name or member id. */
  enteredPlate: string;
  lookupMode: VehicleLookupMode;
  /** What the service costs the customer without coverage, before tax, in cents. */
  costCents: number;
  now: Date;
}): LimitCheckResult {
  const { contract } = input;
  const entered = input.enteredPlate.trim();
  const matched =
    entered === ''
      ? contract.vehicles[0]
      : contract.vehicles.find(
          (vehicle) =>
            vehicleSearchPlate(input.lookupMode, vehicle.plate) ===
            vehicleSearchPlate(input.lookupMode, entered),
        );
  const onDemand = (contractPlate: string | null, message: string): LimitCheckResult => ({
    checkLimit: true,
    setOnDemand: true,
    contractPlate,
    surplus: null,
    messages: [message],
  });
  if (entered !== '' && !matched) {
    return onDemand(contract.vehicles[0]?.plate ?? null, LIMIT_CHECK_MESSAGES.plateMismatch);
  }
  const contractPlate = matched?.plate ?? null;
  const expired = contract.endDate !== null && Date.parse(contract.endDate) <= input.now.getTime();
  if (!contract.active || expired) {
    return onDemand(contractPlate, LIMIT_CHECK_MESSAGES.contractNotCurrent);
  }
  const coverage = coverageFor(contract.coverageLimits, input.situation);
  if (!coverage) return onDemand(contractPlate, LIMIT_CHECK_MESSAGES.notCovered);
  if (coverage.maxEvents !== null && coverage.usedEvents >= coverage.maxEvents) {
    return onDemand(contractPlate, LIMIT_CHECK_MESSAGES.eventsUsedUp);
  }
  if (coverage.maxAmount !== null && input.costCents > coverage.maxAmount) {
    return {
      checkLimit: false,
      setOnDemand: false,
      contractPlate,
      surplus: { amount: input.costCents - coverage.maxAmount, coveredAmount: coverage.maxAmount },
      messages: [LIMIT_CHECK_MESSAGES.surplus],
    };
  }
  return { checkLimit: false, setOnDemand: false, contractPlate, surplus: null, messages: [] };
}
