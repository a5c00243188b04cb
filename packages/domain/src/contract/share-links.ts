import { z } from 'zod/mini';
import { BranchSchema } from '../enumerations.ts';
import { ServiceCategorySchema, ServiceTypeNameSchema } from '../service-types.ts';
import { ServiceStatusSchema } from '../service-status.ts';
import {
  IsoDateTimeSchema,
  LatitudeSchema,
  LongitudeSchema,
  ServiceIdSchema,
  ServiceTokenSchema,
} from './primitives.ts';
import { TripSchema } from './service.ts';

// ARCHITECTURE decision 9: "Shared tracking links carry their own expiring token and get a redacted
// view (no customer phone, no price)". Docs/decisions/474.

/** Answer of POST /api/v1/services/{id}/share: the link's token (shown once) and its expiry. */
export const ShareLinkResponseSchema = z.object({
  /** 256 random bits, base64url; goes in the share link as `t` (SPEC 2 landing query). */
  shareToken: ServiceTokenSchema,
  /** When the link stops working; null while the service is open (24 h after it ends). */
  expiresAt: z.nullable(IsoDateTimeSchema),
});
export type ShareLinkResponse = z.infer<typeof ShareLinkResponseSchema>;

/** A place on the shared map: coordinates and the address shown, nothing else. */
const SharedPointSchema = z.object({
  lat: LatitudeSchema,
  lng: LongitudeSchema,
  address: z.string(),
});

/**
 * What the holder of a shared link sees: status, trip, places, and the driver's first name,
 * vehicle, position and ETA. Never the customer's phone, e-mail or name, prices, tokens, account
 * or contract ids, nor the driver's phone or e-mail.
 */
export const SharedServiceSchema = z.object({
  serviceId: ServiceIdSchema,
  status: ServiceStatusSchema,
  situation: ServiceTypeNameSchema,
  serviceType: ServiceCategorySchema,
  /** The service's country: its times show in that zone to every viewer (decision 645). */
  branch: BranchSchema,
  trip: TripSchema,
  locations: z.object({
    situation: z.nullable(SharedPointSchema),
    destination: z.nullable(SharedPointSchema),
  }),
  driver: z.nullable(
    z.object({
      firstName: z.string(),
      vehicleType: z.nullable(z.string()),
      iconset: z.nullable(z.string()),
      vehicleImage: z.nullable(z.string()),
      lat: z.nullable(LatitudeSchema),
      lng: z.nullable(LongitudeSchema),
      /** Seconds to the situation; null when unknown. */
      eta: z.nullable(z.number()),
      /** Metres to the situation. */
      distance: z.nullable(z.number().check(z.nonnegative())),
    }),
  ),
  /** When the link stops working; null while the service is open. */
  expiresAt: z.nullable(IsoDateTimeSchema),
});
export type SharedService = z.infer<typeof SharedServiceSchema>;
