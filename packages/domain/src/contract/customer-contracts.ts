import { z } from 'zod/mini';
import { BranchSchema } from '../enumerations.ts';
import { ServiceTypeNameSchema } from '../service-types.ts';
import { AccountIdSchema, CentsSchema } from './accounts.ts';
import { boundedText, IsoDateTimeSchema, requiredText } from './primitives.ts';

// A customer contract ("customerContract" in SPEC 3) is the coverage a customer holds with an
// account: a member, one or more vehicles and coverage limits.

/** A covered vehicle: plate, make, model, year, colour, VIN. */
export const VehicleSchema = z.object({
  /** Normalised plate: upper case, no hyphens (SPEC 5). */
  plate: requiredText(20),
  make: boundedText(60),
  model: boundedText(60),
  year: z.nullable(z.number().check(z.int(), z.gte(1900), z.lte(2100))),
  color: boundedText(40),
  vin: boundedText(17),
});
export type Vehicle = z.infer<typeof VehicleSchema>;

/**
 * Coverage limit of a contract for one service type (null: every type). The limit check compares a
 * request against it; going over produces a surplus (SPEC 2 "a surplus applies when the requested
 * service exceeds the coverage limit").
 */
export const CoverageLimitSchema = z.object({
  serviceType: z.nullable(ServiceTypeNameSchema),
  /** Services allowed per contract year; null means unlimited. */
  maxEvents: z.nullable(z.number().check(z.int(), z.nonnegative())),
  /** Services already used this contract year. */
  usedEvents: z.number().check(z.int(), z.nonnegative()),
  /** Amount covered per service, in cents; null means unlimited. */
  maxAmount: z.nullable(CentsSchema),
  /** Tow distance covered, in kilometres; null means unlimited. */
  maxDistanceKm: z.nullable(z.number().check(z.nonnegative())),
});
export type CoverageLimit = z.infer<typeof CoverageLimitSchema>;

/**
 * How much of the holder's data a contract answer carries (decision 417): `full` for a signed-in
 * member's own contract (and inside the server); `masked` for a caller with the public app key, who
 * gets the holder's name and phone masked (`J*** P***`, `***-**34`), no e-mail, member id, policy
 * number or VIN, and plates masked (`***541`) unless it gave that plate itself.
 */
export const ContractDetailSchema = z.enum(['full', 'masked']);
export type ContractDetail = z.infer<typeof ContractDetailSchema>;

/** SPEC 3 Session "customerContract": the first contract of the contract search (SPEC 7). */
export const CustomerContractSchema = z.object({
  /** Opaque reference of the contract (the limit check and the service request name it). */
  _id: requiredText(64),
  /** Sessions saved before the field existed held full contracts. */
  detail: z._default(ContractDetailSchema, 'full'),
  account: AccountIdSchema,
  branch: BranchSchema,
  fullName: boundedText(120),
  /** SPEC 5: "For MMM and multiple-home brands, the member id". */
  memberId: z.nullable(boundedText(60)),
  /** SPEC 5: "For the otium brand, the policy number". */
  policyNumber: z.nullable(boundedText(60)),
  phone: boundedText(30),
  email: boundedText(254),
  active: z.boolean(),
  startDate: IsoDateTimeSchema,
  endDate: z.nullable(IsoDateTimeSchema),
  vehicles: z.array(VehicleSchema),
  coverageLimits: z.array(CoverageLimitSchema),
});
export type CustomerContract = z.infer<typeof CustomerContractSchema>;

/**
 * `GET /api/v1/dispatch/contracts/` query. SPEC 7: "query: search, account, branch, fullName, active;
 * the first result is used".
 */
export const ContractSearchQuerySchema = z.object({
  search: requiredText(120),
  account: AccountIdSchema,
  branch: z.optional(BranchSchema),
  fullName: z.optional(boundedText(120)),
  /** Query strings carry booleans as 'true'/'false'. */
  active: z.optional(z.enum(['true', 'false'])),
  /**
   * The vehicle's plate: the second thing the customer knows, required where the brand looks
   * contracts up by name, so that a name alone never lists people (decision 417).
   */
  plate: z.optional(boundedText(20)),
});
export type ContractSearchQuery = z.infer<typeof ContractSearchQuerySchema>;

/** Contract search answer: `data` holds the matches, best first (shape not shown: decision 129). */
export const ContractSearchResponseSchema = z.object({ data: z.array(CustomerContractSchema) });
export type ContractSearchResponse = z.infer<typeof ContractSearchResponseSchema>;

/**
 * `GET /api/v1/dispatch/vehicle/services` query. SPEC 7: "query: accountId, plate, mbi, contractId".
 * At least one of plate, mbi or contractId identifies the vehicle.
 */
export const VehicleServicesQuerySchema = z
  .object({
    accountId: AccountIdSchema,
    plate: z.optional(boundedText(20)),
    mbi: z.optional(boundedText(20)),
    contractId: z.optional(boundedText(64)),
  })
  .check(
    z.refine((q) => [q.plate, q.mbi, q.contractId].some((value) => value?.trim()), {
      message: 'One of plate, mbi or contractId is required',
      path: ['plate'],
    }),
  );
export type VehicleServicesQuery = z.infer<typeof VehicleServicesQuerySchema>;

/**
 * One service type of a vehicle's coverage and how much of it is used (decision 410). Amounts in
 * cents, distance in kilometres; null means unlimited (null `serviceType`: every type).
 */
export const VehicleServiceCoverageSchema = z.extend(CoverageLimitSchema, {
  /** Services still available this contract year; null means unlimited. */
  remainingEvents: z.nullable(z.number().check(z.int(), z.nonnegative())),
});
export type VehicleServiceCoverage = z.infer<typeof VehicleServiceCoverageSchema>;

/**
 * `GET /api/v1/dispatch/vehicle/services` answer (shape not shown: decision 410): the contract that
 * covers the vehicle, the vehicle itself when a plate named it (or the contract has only one), and
 * the coverage and usage per service type.
 */
export const VehicleServicesSchema = z.object({
  contractId: z.string(),
  account: AccountIdSchema,
  branch: BranchSchema,
  /** Active and not expired now. */
  current: z.boolean(),
  vehicle: z.nullable(VehicleSchema),
  services: z.array(VehicleServiceCoverageSchema),
});
export type VehicleServices = z.infer<typeof VehicleServicesSchema>;

export const VehicleServicesResponseSchema = z.object({ data: VehicleServicesSchema });
export type VehicleServicesResponse = z.infer<typeof VehicleServicesResponseSchema>;

/** Member id of an insurer's member (SPEC 5 "For MMM ... the member id"): letters, digits, hyphens. */
export const MemberIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9-]{1,60}$/, 'Expected 1-60 letters, digits or hyphens'));

/** A covered vehicle with the contract that covers it. */
export const MemberVehicleSchema = z.extend(VehicleSchema, { contractId: z.string() });
export type MemberVehicle = z.infer<typeof MemberVehicleSchema>;

/**
 * `GET /api/v1/mmm/member/{id}/vehicle` answer (shape not shown: decision 411): the vehicles of the
 * member's current MMM contracts.
 */
export const MemberVehiclesResponseSchema = z.object({ data: z.array(MemberVehicleSchema) });
export type MemberVehiclesResponse = z.infer<typeof MemberVehiclesResponseSchema>;

/** Active and not past its end date at `now` (decision 250: the contract search's "current"). */
export function isContractCurrent(
  contract: Pick<CustomerContract, 'active' | 'endDate'>,
  now: Date,
): boolean {
  return (
    contract.active && (contract.endDate === null || Date.parse(contract.endDate) > now.getTime())
  );
}

/** Each coverage limit with the services left this contract year (never below 0; null: unlimited). */
export function coverageWithUsage(limits: readonly CoverageLimit[]): VehicleServiceCoverage[] {
  return limits.map((limit) => ({
    ...limit,
    remainingEvents:
      limit.maxEvents === null ? null : Math.max(0, limit.maxEvents - limit.usedEvents),
  }));
}
