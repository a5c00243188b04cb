import { z } from 'zod';
import { ServiceStatusSchema } from '../service-status.ts';

// The contract of the service event stream: the data of each event of `GET /common/api/v1/services/{id}/events` (decision 221: `created`,
// `status`, `trip`, `driver`, `position`, `eta`). Parsed loosely: a field the screen does not use may
// change without breaking the stream, and an event that does not parse is ignored (the poll repairs).

const Coordinate = z.number();

export const StatusEventSchema = z.object({
  status: ServiceStatusSchema,
  endDate: z.string().optional(),
});

/** The trip status as written by the server; read with parseTripStatus (decision 110). */
export const TripEventSchema = z.object({ status: z.string(), at: z.string().optional() });

export const DriverEventSchema = z.object({
  _id: z.string(),
  name: z.string(),
  vehicleType: z.string().nullable().optional(),
  employeeImage: z.string().nullable().optional(),
  vehicleImage: z.string().nullable().optional(),
  lat: Coordinate.nullable().optional(),
  lng: Coordinate.nullable().optional(),
});

/** Driver eta in seconds (-1 or null: unknown) and distance in metres. */
export const EtaEventSchema = z.object({
  eta: z.number().nullable().optional(),
  distance: z.number().nullable().optional(),
});

export const PositionEventSchema = EtaEventSchema.extend({
  lat: Coordinate,
  lng: Coordinate,
  heading: z.number().nullable().optional(),
});

/** The customer's situation moved (PATCH /api/v1/services/{id}/locations, decision 255). */
export const LocationEventSchema = z.object({
  lat: Coordinate,
  lng: Coordinate,
  address: z.string(),
});

/** Event names the screens use (others, such as `survey` or `tip`, are not listened to). */
export const SERVICE_EVENT_TYPES = [
  'created',
  'status',
  'trip',
  'driver',
  'position',
  'eta',
  'location',
] as const;
export type ServiceEventType = (typeof SERVICE_EVENT_TYPES)[number];
