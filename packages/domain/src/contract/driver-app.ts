import { z } from 'zod/mini';
import { TRIP_STATUSES_UNDER_WAY } from '../service-status.ts';
import { ServiceCategorySchema } from '../service-types.ts';
import { LatitudeSchema, LongitudeSchema } from './primitives.ts';
import { GenerateUploadUrlRequestSchema, RecordServicePhotoRequestSchema } from './storage.ts';

// The driver app's side of the common API (docs/decisions/760, 761), under
// `/common/api/v1/driver-app`: what the API answers and the phone reads (the driver's state, the
// sign-in answer, the positions answer) and what the phone sends.

const PlaceSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  address: z.nullable(z.string()),
});

/** The offer the driver has to answer before `expiresAt`. */
export const DriverOfferSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  offeredAt: z.string(),
  expiresAt: z.string(),
  service: z.object({
    serviceNumber: z.number().check(z.int()),
    situation: z.string().check(z.describe("The service type's name (SPEC 3)")),
    serviceType: ServiceCategorySchema,
    address: z.nullable(z.string()),
    lat: z.number(),
    lng: z.number(),
    distanceMeters: z.number(),
    etaSeconds: z.number(),
    schedule: z.nullable(z.string()),
    notes: z.nullable(z.string()),
  }),
});
export type DriverOffer = z.infer<typeof DriverOfferSchema>;

/** The customer's vehicle as the people who serve it read it; null when the request named none. */
export const TripVehicleSchema = z.nullable(
  z.object({
    make: z.nullable(z.string()),
    model: z.nullable(z.string()),
    color: z.nullable(z.string()),
    plate: z.nullable(z.string()),
  }),
);
export type TripVehicle = z.infer<typeof TripVehicleSchema>;

/** The trip the driver is working, from acceptance until it is finished or given back. */
export const DriverTripSchema = z.object({
  serviceId: z.string(),
  serviceNumber: z.number().check(z.int()),
  tripStatus: z.enum(TRIP_STATUSES_UNDER_WAY),
  situation: z.string(),
  serviceType: ServiceCategorySchema,
  isTow: z.boolean(),
  customer: z.object({
    firstname: z.string(),
    lastname: z.string(),
    phone: z.nullable(z.string()),
  }),
  location: PlaceSchema,
  destination: z.nullable(PlaceSchema),
  notes: z.nullable(z.string()),
  vehicle: TripVehicleSchema,
});
export type DriverTrip = z.infer<typeof DriverTripSchema>;

/** `GET /driver-app/me`, also the answer of every action on an offer, the switch or a trip. */
export const DriverStateSchema = z.object({
  version: z.string().check(z.describe('Opaque; changes whenever anything else here changes')),
  serverTime: z.string().check(z.describe("The database's clock (ISO), for the offer's countdown")),
  driver: z.object({
    id: z.string(),
    name: z.string(),
    vehicleType: z.string(),
    branch: z.string(),
    online: z.boolean(),
    busy: z.boolean(),
    lastPositionAt: z.nullable(z.string()),
  }),
  offer: z.nullable(DriverOfferSchema),
  trip: z.nullable(DriverTripSchema),
});
export type DriverState = z.infer<typeof DriverStateSchema>;

/** Who signed in on the phone. */
export const DriverProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  vehicleType: z.string(),
  branch: z.string(),
});
export type DriverProfile = z.infer<typeof DriverProfileSchema>;

/** `POST /driver-app/session`: the driver's sign-in code (PKCE S256), verifier and redirect URI. */
export const DriverSignInRequestSchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(2000)),
  /** RFC 7636: 43 to 128 unreserved characters. */
  codeVerifier: z
    .string()
    .check(z.regex(/^[A-Za-z0-9._~-]{43,128}$/, 'Expected an RFC 7636 verifier')),
  redirectUri: z.url().check(z.maxLength(2000)),
});
export type DriverSignInRequest = z.infer<typeof DriverSignInRequestSchema>;

/** The sign-in answer: the driver token, sent as `Authorization: Bearer <token>` afterwards. */
export const DriverSessionSchema = z.object({
  token: z.string(),
  driver: DriverProfileSchema,
});
export type DriverSession = z.infer<typeof DriverSessionSchema>;

/** `POST /driver-app/online`: online for offers or not. */
export const DriverOnlineRequestSchema = z.object({ online: z.boolean() });

/** One fix as the phone took it: `at` when (ISO with offset), `heading` degrees, `accuracy` m. */
export const DriverPositionFixSchema = z.object({
  lat: LatitudeSchema,
  lng: LongitudeSchema,
  heading: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(360)))),
  accuracy: z.optional(z.nullable(z.number().check(z.nonnegative()))),
  at: z.iso.datetime({ offset: true }),
});
export type DriverPositionFix = z.infer<typeof DriverPositionFixSchema>;

/** `POST /driver-app/positions`: 1 to 100 fixes, oldest first. */
export const DriverPositionsRequestSchema = z.object({
  positions: z.array(DriverPositionFixSchema).check(z.minLength(1), z.maxLength(100)),
});

/** The positions answer: how many fixes were new, and the newest one the server has. */
export const DriverPositionsAnswerSchema = z.object({
  accepted: z.number().check(z.int()),
  lastPositionAt: z.nullable(z.string()),
});
export type DriverPositionsAnswer = z.infer<typeof DriverPositionsAnswerSchema>;

/** `POST /driver-app/services/{id}/cancel`: the driver gives the service back, maybe saying why. */
export const DriverGiveBackRequestSchema = z.optional(
  z.object({ reason: z.optional(z.string().check(z.maxLength(500))) }),
);

/**
 * `POST /driver-app/services/{id}/photos/upload-url`: where to PUT one photo of the trip under way
 * (decision 761), with the service in the path; answered as the customer's `generate-upload-url`
 * (GenerateUploadUrlResponseSchema), the same photo id always naming the same object.
 */
export const DriverPhotoUploadUrlRequestSchema = z.omit(GenerateUploadUrlRequestSchema, {
  serviceId: true,
});
export type DriverPhotoUploadUrlRequest = z.infer<typeof DriverPhotoUploadUrlRequestSchema>;

/**
 * `POST /driver-app/services/{id}/photos`: records a photo of the trip once its bytes are stored;
 * recording it again answers the same photo (ServicePhotoSchema). `GET` on the same path lists the
 * driver's photos of the trip (ServicePhotosResponseSchema), apart from the customer's.
 */
export const RecordDriverPhotoRequestSchema = RecordServicePhotoRequestSchema;
export type RecordDriverPhotoRequest = z.infer<typeof RecordDriverPhotoRequestSchema>;
