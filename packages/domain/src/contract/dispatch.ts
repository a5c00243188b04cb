import { z } from 'zod/mini';
import { BranchSchema } from '../enumerations.ts';
import { ServiceTypeNameSchema } from '../service-types.ts';
import { MAX_SUGGESTED_DRIVERS, SUGGESTION_BRANCH } from '../constants.ts';
import { AccountIdSchema } from './accounts.ts';
import type { LocationPoint } from './locations.ts';
import { boundedText, LatitudeSchema, LongitudeSchema, requiredText } from './primitives.ts';

/** A route point of the suggestion request: "latitude, longitude, address". */
export const RoutePointSchema = z.object({
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  address: boundedText(300),
});

/**
 * SPEC 3 "Suggestion request: branch, account, situation, route {situation and destination each
 * with latitude, longitude, address}". Sent to `POST /api/suggestions` as `{request}` (SPEC 7).
 */
export const SuggestionRequestSchema = z.object({
  branch: BranchSchema,
  account: AccountIdSchema,
  situation: ServiceTypeNameSchema,
  route: z.object({
    situation: RoutePointSchema,
    destination: z.nullable(RoutePointSchema),
  }),
});
export type SuggestionRequest = z.infer<typeof SuggestionRequestSchema>;

export const SuggestionCallSchema = z.object({ request: SuggestionRequestSchema });
export type SuggestionCall = z.infer<typeof SuggestionCallSchema>;

/** SPEC 3 "Result: drivers with _id, eta, distance" (eta seconds, distance metres). */
export const SuggestedDriverSchema = z.object({
  _id: z.string(),
  eta: z.number().check(z.nonnegative()),
  distance: z.number().check(z.nonnegative()),
});
export type SuggestedDriver = z.infer<typeof SuggestedDriverSchema>;

/** SPEC 5: "At most 500 suggested drivers are used". */
export const SuggestionResponseSchema = z.object({
  drivers: z.array(SuggestedDriverSchema).check(z.maxLength(MAX_SUGGESTED_DRIVERS)),
});
export type SuggestionResponse = z.infer<typeof SuggestionResponseSchema>;

/**
 * Builds the suggestion call. SPEC 9: "Branch for suggestions is fixed as Puerto Rico". The
 * destination is sent only when it has coordinates.
 */
export function buildSuggestionCall(input: {
  account: string;
  situation: z.infer<typeof ServiceTypeNameSchema>;
  situationPoint: Pick<LocationPoint, 'lat' | 'lng' | 'address'>;
  destinationPoint: Pick<LocationPoint, 'lat' | 'lng' | 'address'> | null;
}): SuggestionCall {
  const toRoute = (p: Pick<LocationPoint, 'lat' | 'lng' | 'address'>) => ({
    latitude: p.lat,
    longitude: p.lng,
    address: p.address,
  });
  const dest = input.destinationPoint;
  return {
    request: {
      branch: SUGGESTION_BRANCH,
      account: input.account,
      situation: input.situation,
      route: {
        situation: toRoute(input.situationPoint),
        destination: dest && dest.lat !== 0 && dest.lng !== 0 ? toRoute(dest) : null,
      },
    },
  };
}

/**
 * `POST /dispatch/cCustomer` ("create customer"; the wire name is kept). SPEC 7: "payload not
 * shown". Designed in decision 127: registers the paying customer with the card payment provider
 * before a charge, and answers the provider's customer id (Payment.customerIdStripe).
 */
export const CreateCustomerRequestSchema = z.object({
  account_id: AccountIdSchema,
  branch: BranchSchema,
  name: requiredText(120),
  email: z.email().check(z.maxLength(254)),
  phone: boundedText(30),
});
export type CreateCustomerRequest = z.infer<typeof CreateCustomerRequestSchema>;

export const CreateCustomerResponseSchema = z.object({
  customerIdStripe: z.string().check(z.minLength(1)),
});
export type CreateCustomerResponse = z.infer<typeof CreateCustomerResponseSchema>;
