import { z } from 'zod/mini';
import { BranchSchema } from '../enumerations.ts';
import { LatitudeSchema, LongitudeSchema } from './primitives.ts';

// The /common/maps API (SPEC 7 "a maps service (directions, places autocomplete and details, reverse
// geocoding ...)"); shapes designed in docs/decisions/261. Envelopes `{ data }` as decision 129.

const LAT_LNG_TEXT = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** 'lat,lng' in degrees (SPEC 7 coords format), parsed to `{ lat, lng }` with range checks. */
export const LatLngTextSchema = z.pipe(
  z.pipe(
    z.string().check(z.regex(LAT_LNG_TEXT, "Expected 'lat,lng'")),
    z.transform((text) => {
      const [, lat = '', lng = ''] = LAT_LNG_TEXT.exec(text) ?? [];
      return { lat: Number(lat), lng: Number(lng) };
    }),
  ),
  z.object({ lat: LatitudeSchema, lng: LongitudeSchema }),
);

/** Comma-separated branch codes, e.g. 'PR,CO' (SPEC 5 address-search countries). */
export const CountryListSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((text) =>
      text
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    ),
  ),
  z.array(BranchSchema).check(z.minLength(1), z.maxLength(5)),
);

/** `GET /maps/places?q=&countries=&limit=`: address search (SPEC 5 countries chosen by the caller). */
export const PlacesQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  /** Default: SPEC 5 "PR, CO, CR, PA" (an account without a branch). */
  countries: z.optional(CountryListSchema),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(20)), 8),
});
export type PlacesQuery = z.input<typeof PlacesQuerySchema>;

export const PlaceSuggestionSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  /** Formatted address for the search box and the session (`address`, `prettyAddress`). */
  address: z.string(),
  country: BranchSchema,
  lat: LatitudeSchema,
  lng: LongitudeSchema,
});
export type PlaceSuggestion = z.infer<typeof PlaceSuggestionSchema>;

export const PlacesResponseSchema = z.object({ data: z.array(PlaceSuggestionSchema) });
export type PlacesResponse = z.infer<typeof PlacesResponseSchema>;

/** `GET /maps/directions?origin=lat,lng&destination=lat,lng`. */
export const DirectionsQuerySchema = z.object({
  origin: LatLngTextSchema,
  destination: LatLngTextSchema,
});

export const DirectionsSchema = z.object({
  /** Route line from origin to destination, in order. */
  path: z.array(z.object({ lat: LatitudeSchema, lng: LongitudeSchema })).check(z.minLength(2)),
  distanceMeters: z.number().check(z.int(), z.nonnegative()),
  durationSeconds: z.number().check(z.int(), z.nonnegative()),
  /** True when the line is not a road route (the embedded estimate router): draw it as such. */
  approximate: z.boolean(),
});
export type Directions = z.infer<typeof DirectionsSchema>;

export const DirectionsResponseSchema = z.object({ data: DirectionsSchema });
export type DirectionsResponse = z.infer<typeof DirectionsResponseSchema>;
