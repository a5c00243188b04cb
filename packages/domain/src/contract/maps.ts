import { z } from 'zod';
import { BranchSchema } from '../enumerations.ts';
import { LatitudeSchema, LongitudeSchema } from './primitives.ts';

// The /common/maps API (SPEC 7 "a maps service (directions, places autocomplete and details, reverse
// geocoding ...)"); shapes designed in docs/decisions/261. Envelopes `{ data }` as decision 129.

const LAT_LNG_TEXT = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** 'lat,lng' in degrees (SPEC 7 coords format), parsed to `{ lat, lng }` with range checks. */
export const LatLngTextSchema = z
  .string()
  .regex(LAT_LNG_TEXT, "Expected 'lat,lng'")
  .transform((text) => {
    const [, lat = '', lng = ''] = LAT_LNG_TEXT.exec(text) ?? [];
    return { lat: Number(lat), lng: Number(lng) };
  })
  .pipe(z.object({ lat: LatitudeSchema, lng: LongitudeSchema }));

/** Comma-separated branch codes, e.g. 'PR,CO' (SPEC 5 address-search countries). */
export const CountryListSchema = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean),
  )
  .pipe(z.array(BranchSchema).min(1).max(5));

/** `GET /maps/places?q=&countries=&limit=`: address search (SPEC 5 countries chosen by the caller). */
export const PlacesQuerySchema = z.object({
  q: z.string().trim().min(1).max(200),
  /** Default: SPEC 5 "PR, CO, CR, PA" (an account without a branch). */
  countries: CountryListSchema.optional(),
  limit: z.coerce.number().int().min(1).max(20).default(8),
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
  path: z.array(z.object({ lat: LatitudeSchema, lng: LongitudeSchema })).min(2),
  distanceMeters: z.number().int().nonnegative(),
  durationSeconds: z.number().int().nonnegative(),
  /** True when the line is not a road route (the embedded estimate router): draw it as such. */
  approximate: z.boolean(),
});
export type Directions = z.infer<typeof DirectionsSchema>;

export const DirectionsResponseSchema = z.object({ data: DirectionsSchema });
export type DirectionsResponse = z.infer<typeof DirectionsResponseSchema>;
