import { z } from 'zod/mini';
import { BranchSchema } from '../enumerations.ts';
import { IsoDateTimeSchema, LatitudeSchema, LongitudeSchema, requiredText } from './primitives.ts';

// The `/utils` calls of SPEC 7 whose answers the spec does not show (decisions 400-402). The request
// bodies of addNote and situation-specification live beside their features (drivers.ts,
// service-updates.ts).

/** A country code in a path: the branch short code (SPEC 9 "PR, PA, CR, CO, MX"), any case. */
const CountryCodeParamSchema = z.pipe(
  z.transform((value) => (typeof value === 'string' ? value.toUpperCase() : value)),
  BranchSchema,
);

/** `GET /utils/getMake/{x}`: x is the country (decision 400). */
export const VehicleMakesParamsSchema = z.object({ country: CountryCodeParamSchema });
export type VehicleMakesParams = z.infer<typeof VehicleMakesParamsSchema>;

/** `GET /utils/getModel/{x}/{y}`: x is the country, y the make as `getMake` named it (decision 400). */
export const VehicleModelsParamsSchema = z.object({
  country: CountryCodeParamSchema,
  make: requiredText(60),
});
export type VehicleModelsParams = z.infer<typeof VehicleModelsParamsSchema>;

/** Makes sold in the country, alphabetical. */
export const VehicleMakesResponseSchema = z.object({ data: z.array(z.string()) });
export type VehicleMakesResponse = z.infer<typeof VehicleMakesResponseSchema>;

/** Models of the make sold in the country, alphabetical. */
export const VehicleModelsResponseSchema = z.object({ data: z.array(z.string()) });
export type VehicleModelsResponse = z.infer<typeof VehicleModelsResponseSchema>;

/** `GET /utils/zones/{country code}?populate=false` (decision 401). */
export const ZonesParamsSchema = z.object({ countryCode: CountryCodeParamSchema });
export type ZonesParams = z.infer<typeof ZonesParamsSchema>;

/** `populate=true` adds each zone's places; anything but 'true' or 'false' is a 400. */
export const ZonesQuerySchema = z.object({
  populate: z.pipe(
    z._default(z.enum(['true', 'false']), 'false'),
    z.transform((value) => value === 'true'),
  ),
});
export type ZonesQuery = z.infer<typeof ZonesQuerySchema>;

/** A town of a zone (a gazetteer place: GeoNames, population >= 1000). */
export const ZonePlaceSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  lat: LatitudeSchema,
  lng: LongitudeSchema,
});
export type ZonePlace = z.infer<typeof ZonePlaceSchema>;

/**
 * A service zone: a first-order division of the country (PR municipio, CR/PA province, CO department,
 * MX state). lat/lng is its largest town, where a map of the zone opens.
 */
export const ZoneSchema = z.object({
  _id: z.string(),
  name: z.string(),
  country: BranchSchema,
  lat: LatitudeSchema,
  lng: LongitudeSchema,
  /** Only with populate=true: the zone's towns, largest first. */
  places: z.optional(z.array(ZonePlaceSchema)),
});
export type Zone = z.infer<typeof ZoneSchema>;

/** Zones of the country, alphabetical. */
export const ZonesResponseSchema = z.object({ data: z.array(ZoneSchema) });
export type ZonesResponse = z.infer<typeof ZonesResponseSchema>;

/** Answer of `POST /utils/addNote`: the stored note (decision 402). */
export const AddNoteResponseSchema = z.object({
  _id: z.string(),
  serviceId: z.string(),
  body: z.string(),
  createdAt: IsoDateTimeSchema,
});
export type AddNoteResponse = z.infer<typeof AddNoteResponseSchema>;

/** Answer of `PATCH /utils/situation-specification`: what the service now holds (decision 402). */
export const SituationSpecificationResponseSchema = z.object({
  _id: z.string(),
  situationSpecification: z.object({
    hasComment: z.boolean(),
    imagesCount: z.number().check(z.int(), z.gte(0)),
    updatedAt: IsoDateTimeSchema,
  }),
});
export type SituationSpecificationResponse = z.infer<typeof SituationSpecificationResponseSchema>;
