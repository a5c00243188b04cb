import { z } from 'zod/mini';
import { LocationPermissionSchema } from '../enumerations.ts';
import { boundedText, LatitudeSchema, LongitudeSchema, requiredText } from './primitives.ts';

/**
 * One point of SPEC 3 "Locations": "provider, situation, destination, each with lat, lng, address,
 * placeId, prettyAddress". Zero coordinates mean "not chosen yet" (SPEC 5: "Coordinates are valid
 * only if both lat and lng are non-zero").
 */
export const LocationPointSchema = z.object({
  lat: LatitudeSchema,
  lng: LongitudeSchema,
  address: boundedText(300),
  placeId: boundedText(300),
  prettyAddress: boundedText(300),
});
export type LocationPoint = z.infer<typeof LocationPointSchema>;

export const EMPTY_LOCATION_POINT: LocationPoint = {
  lat: 0,
  lng: 0,
  address: '',
  placeId: '',
  prettyAddress: '',
};

/** SPEC 3 "Locations: permission (GRANTED, DENIED, NOT_ASKED); provider, situation, destination". */
export const LocationsSchema = z.object({
  permission: LocationPermissionSchema,
  situation: LocationPointSchema,
  destination: LocationPointSchema,
  provider: LocationPointSchema,
});
export type Locations = z.infer<typeof LocationsSchema>;

export const INITIAL_LOCATIONS: Locations = {
  permission: 'NOT_ASKED',
  situation: EMPTY_LOCATION_POINT,
  destination: EMPTY_LOCATION_POINT,
  provider: EMPTY_LOCATION_POINT,
};

/** SPEC 3 "Reference address form: address1, address2, city, zipCode, country, fullAddress". */
export const ReferenceAddressSchema = z.object({
  address1: boundedText(200),
  address2: boundedText(200),
  city: boundedText(100),
  zipCode: boundedText(20),
  country: boundedText(60),
  fullAddress: boundedText(600),
});
export type ReferenceAddress = z.infer<typeof ReferenceAddressSchema>;

export const INITIAL_REFERENCE_ADDRESS: ReferenceAddress = {
  address1: '',
  address2: '',
  city: '',
  zipCode: '',
  country: '',
  fullAddress: '',
};

/**
 * `PATCH /api/v1/services/{id}/locations`. SPEC 7: "{situationAddress}; the location update also
 * sends lat, lng, address, placeId, accuracy and returns the updated service". SPEC 3 "accuracy on
 * updates" (metres).
 */
export const LocationUpdateSchema = z.object({
  situationAddress: requiredText(300),
  lat: LatitudeSchema,
  lng: LongitudeSchema,
  address: requiredText(300),
  placeId: z.optional(boundedText(300)),
  /** Accuracy radius of the browser position in metres. */
  accuracy: z.optional(z.number().check(z.nonnegative(), z.lte(100_000))),
});
export type LocationUpdate = z.infer<typeof LocationUpdateSchema>;

/** `POST /maps/directions/getAddress` body. SPEC 7: "{coords as 'lat,lng'}". */
export const GetAddressRequestSchema = z.object({
  coords: z
    .string()
    .check(z.regex(/^-?\d{1,2}(?:\.\d+)?,-?\d{1,3}(?:\.\d+)?$/, "Expected 'lat,lng'")),
});
export type GetAddressRequest = z.infer<typeof GetAddressRequestSchema>;

/** Builds the getAddress body: SPEC 7 "{coords as 'lat,lng'}". */
export function buildGetAddressRequest(lat: number, lng: number): GetAddressRequest {
  return { coords: `${lat},${lng}` };
}

/**
 * getAddress answer. SPEC 7 "reverse geocoding where the first result gives formatted address and
 * place id"; the response shape is not shown: we answer the first result only (decision 129).
 */
export const GetAddressResponseSchema = z.object({
  data: z.nullable(z.object({ address: z.string(), placeId: z.string() })),
});
export type GetAddressResponse = z.infer<typeof GetAddressResponseSchema>;
