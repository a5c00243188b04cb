import { z } from 'zod/mini';
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
  distance: z._default(z.coerce.number().check(z.nonnegative(), z.lte(2000)), 0),
  accountId: AccountIdSchema,
});
export type CustomerFeeQuery = z.infer<typeof CustomerFeeQuerySchema>;

/** Body `{ data: number }`: the fee in cents (the client reads data.data, decision 129). */
export const CustomerFeeResponseSchema = z.object({
  data: z.number().check(z.int(), z.nonnegative()),
});
export type CustomerFeeResponse = z.infer<typeof CustomerFeeResponseSchema>;
