import { z } from 'zod/mini';

// The driver side of the common API (docs/decisions/761), as the phone reads it: the state answered
// by GET /driver-app/me and by every action, the sign-in answer and the positions answer.

const ServiceTypeSchema = z.enum(['road', 'home']);

export const DriverOfferSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  offeredAt: z.string(),
  expiresAt: z.string(),
  service: z.object({
    serviceNumber: z.number(),
    situation: z.string(),
    serviceType: ServiceTypeSchema,
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

export const TRIP_STATUSES = ['ACCEPTED', 'ON_ROUTE', 'ARRIVED', 'TOWED'] as const;

const PlaceSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  address: z.nullable(z.string()),
});

export const DriverTripSchema = z.object({
  serviceId: z.string(),
  serviceNumber: z.number(),
  tripStatus: z.enum(TRIP_STATUSES),
  situation: z.string(),
  serviceType: ServiceTypeSchema,
  isTow: z.boolean(),
  customer: z.object({
    firstname: z.string(),
    lastname: z.string(),
    phone: z.nullable(z.string()),
  }),
  location: PlaceSchema,
  destination: z.nullable(PlaceSchema),
  notes: z.nullable(z.string()),
  vehicle: z.nullable(
    z.object({
      make: z.nullable(z.string()),
      model: z.nullable(z.string()),
      color: z.nullable(z.string()),
      plate: z.nullable(z.string()),
    }),
  ),
});
export type DriverTrip = z.infer<typeof DriverTripSchema>;

export const DriverStateSchema = z.object({
  version: z.string(),
  serverTime: z.string(),
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

export const DriverProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  vehicleType: z.string(),
  branch: z.string(),
});
export type DriverProfile = z.infer<typeof DriverProfileSchema>;

export const DriverSessionSchema = z.object({
  token: z.string(),
  driver: DriverProfileSchema,
});
export type DriverSession = z.infer<typeof DriverSessionSchema>;

export const PositionsAnswerSchema = z.object({
  accepted: z.number(),
  lastPositionAt: z.nullable(z.string()),
});
export type PositionsAnswer = z.infer<typeof PositionsAnswerSchema>;

/** One fix as the phone took it (`at`: when). */
export interface PositionFix {
  lat: number;
  lng: number;
  heading?: number;
  accuracy?: number;
  at: string;
}

/** The steps a driver reports after accepting (SPEC 4 trip statuses). */
export type TripStep = 'ON_ROUTE' | 'ARRIVED' | 'TOWED' | 'FINISHED';
