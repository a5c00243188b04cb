import { z } from 'zod';
import { BranchSchema } from '../enumerations.ts';
import { ServiceTypeNameSchema } from '../service-types.ts';
import { AccountIdSchema } from './accounts.ts';

/**
 * `GET /fees/customer` query. SPEC 7: "query: branch, situation, distance, accountId; returns a
 * number in data.data". Query strings carry numbers as text, hence the coercion.
 */
export const CustomerFeeQuerySchema = z.object({
  branch: BranchSchema,
  situation: ServiceTypeNameSchema,
  /** Tow distance in kilometres; 0 when not a tow. */
  distance: z.coerce.number().nonnegative().max(2000).default(0),
  accountId: AccountIdSchema,
});
export type CustomerFeeQuery = z.infer<typeof CustomerFeeQuerySchema>;

/** Body `{ data: number }`: the fee in cents (the client reads data.data, decision 129). */
export const CustomerFeeResponseSchema = z.object({ data: z.number().int().nonnegative() });
export type CustomerFeeResponse = z.infer<typeof CustomerFeeResponseSchema>;

/**
 * The customer fee of a service before tax, in cents: the account's fee for the situation plus its
 * management fee (decision 251). The fee total adds tax on it (SPEC 9 "Fee total is the fee plus tax
 * on the fee", `feeBreakdown`). Undefined when the account has no fee for that situation.
 */
export function customerFeeCents(input: {
  serviceFees: Partial<Record<string, number>>;
  managementFee: number;
  situation: string;
}): number | undefined {
  const fee = input.serviceFees[input.situation];
  return fee === undefined ? undefined : fee + input.managementFee;
}

/**
 * The price of a service request in cents, before tax (decision 257). SPEC 9: "Fees apply only to
 * the 'connect' brand or when the legacy receipt preview is on ... for a surplus it uses the surplus
 * amount". The same rule as the PWA's `buildServiceRequestPayload`, from the server's own numbers.
 */
export function servicePriceCents(input: {
  /** Surplus of the limit check, in cents; 0 or null when none. */
  surplusCents: number | null;
  /** `feesApply` for the brand and account. */
  feesCharged: boolean;
  /** The customer fee (`customerFeeCents`). */
  feeCents: number;
}): number {
  if (input.surplusCents != null && input.surplusCents > 0) return input.surplusCents;
  return input.feesCharged ? input.feeCents : 0;
}
