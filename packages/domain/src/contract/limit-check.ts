import { z } from 'zod/mini';
import { BranchSchema } from '../enumerations.ts';
import { ServiceTypeNameSchema } from '../service-types.ts';
import { CentsSchema } from './accounts.ts';
import { boundedText, requiredText } from './primitives.ts';

/**
 * What the customer pays above the coverage limit. SPEC 2: "a surplus applies when the requested
 * service exceeds the coverage limit"; SPEC 9: "for a surplus it uses the surplus amount".
 */
export const SurplusSchema = z.object({
  /** Amount above the coverage, in cents, before tax. */
  amount: CentsSchema,
  /** The coverage that was exceeded, in cents; null when the limit was a number of services. */
  coveredAmount: z.nullable(CentsSchema),
});
export type Surplus = z.infer<typeof SurplusSchema>;

/** SPEC 3 Limit-check request "fees (management fee and the situation fee)", in cents. */
export const LimitCheckFeesSchema = z.object({
  managementFee: CentsSchema,
  situationFee: CentsSchema,
});

/**
 * `POST /api/v1/dispatch/contact/checklimit`. SPEC 3 "Limit-check request: serviceData {branch,
 * situation, providerDistance (null), distance (null), customerContract, customerFeeParams {branch,
 * distance, fees (management fee and the situation fee), providerCosts {serviceCost 0},
 * sfIdAccount}}, accountSfId (salesforce id of the branch), plate".
 */
export const LimitCheckRequestSchema = z.object({
  serviceData: z.object({
    branch: BranchSchema,
    situation: ServiceTypeNameSchema,
    providerDistance: z.null(),
    distance: z.null(),
    /** Id of the customer contract found by the contract search. */
    customerContract: requiredText(64),
    customerFeeParams: z.object({
      branch: BranchSchema,
      distance: z.null(),
      fees: LimitCheckFeesSchema,
      /** SPEC 9: "Service cost in the limit-check payload is fixed at 0". */
      providerCosts: z.object({ serviceCost: z.literal(0) }),
      sfIdAccount: requiredText(64),
    }),
  }),
  accountSfId: requiredText(64),
  plate: boundedText(20),
});
export type LimitCheckRequest = z.infer<typeof LimitCheckRequestSchema>;
export type LimitCheckRequestInput = z.input<typeof LimitCheckRequestSchema>;

/**
 * The limit-check verdict, read from `data.data` (SPEC 3 "The answer is read from nested data.data
 * and yields surplus"). The field names are not shown: see decision 124.
 */
export const LimitCheckResultSchema = z.object({
  /** SPEC 4 "If the limit check says to check the limit and set on-demand". */
  checkLimit: z.boolean(),
  setOnDemand: z.boolean(),
  /** Plate of the covered vehicle the check matched, normalised; null when none matched. */
  contractPlate: z.nullable(z.string()),
  surplus: z.nullable(SurplusSchema),
  /** Limit messages for the customer; SPEC 4 "With policy limit V2 the limit messages are kept". */
  messages: z.array(z.string()),
});
export type LimitCheckResult = z.infer<typeof LimitCheckResultSchema>;

/** Body of the limit-check answer: `{ data: LimitCheckResult }` (the client reads data.data). */
export const LimitCheckResponseSchema = z.object({ data: LimitCheckResultSchema });
export type LimitCheckResponse = z.infer<typeof LimitCheckResponseSchema>;
