import { z } from 'zod';

// The driver app's state (docs/decisions/760), as `GET /me` and the offer and online calls answer.

const TrackedTripStatusSchema = z.enum(['ACCEPTED', 'ON_ROUTE', 'ARRIVED', 'TOWED']);
const ServiceCategory = z.enum(['road', 'home']);

export const DriverStateSchema = z.object({
  version: z.string().describe('Opaque; changes whenever anything else here changes'),
  serverTime: z.string().describe("The database's clock (ISO), for the offer's countdown"),
  driver: z.object({
    id: z.string(),
    name: z.string(),
    vehicleType: z.string(),
    branch: z.string(),
    online: z.boolean(),
    busy: z.boolean(),
    lastPositionAt: z.string().nullable(),
  }),
  offer: z
    .object({
      id: z.string(),
      serviceId: z.string(),
      offeredAt: z.string(),
      expiresAt: z.string(),
      service: z.object({
        serviceNumber: z.number().int(),
        situation: z.string().describe('Service type name (SPEC 3)'),
        serviceType: ServiceCategory,
        address: z.string().nullable(),
        lat: z.number(),
        lng: z.number(),
        distanceMeters: z.number(),
        etaSeconds: z.number(),
        schedule: z.string().nullable(),
        notes: z.string().nullable(),
      }),
    })
    .nullable(),
  trip: z
    .object({
      serviceId: z.string(),
      serviceNumber: z.number().int(),
      tripStatus: TrackedTripStatusSchema,
      situation: z.string(),
      serviceType: ServiceCategory,
      isTow: z.boolean(),
      customer: z.object({
        firstname: z.string(),
        lastname: z.string(),
        phone: z.string().nullable(),
      }),
      location: z.object({ lat: z.number(), lng: z.number(), address: z.string().nullable() }),
      destination: z
        .object({ lat: z.number(), lng: z.number(), address: z.string().nullable() })
        .nullable(),
      notes: z.string().nullable(),
      vehicle: z
        .object({
          make: z.string().nullable(),
          model: z.string().nullable(),
          color: z.string().nullable(),
          plate: z.string().nullable(),
        })
        .nullable(),
    })
    .nullable(),
});
