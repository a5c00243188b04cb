import { z } from 'zod/mini';
import {
  ServiceStatusSchema,
  type ServiceStatus,
  type ServiceStatusNumber,
  type TripStatus,
} from '../service-status.ts';

// The contract of the service event stream: the data of each event of `GET /common/api/v1/services/{id}/events` (decision 221: `created`,
// `status`, `trip`, `driver`, `position`, `eta`). Parsed loosely: a field the screen does not use may
// change without breaking the stream, and an event that does not parse is ignored (the poll repairs).

const Coordinate = z.number();

export const StatusEventSchema = z.object({
  status: ServiceStatusSchema,
  endDate: z.optional(z.string()),
});

/** The trip status as written by the server; read with parseTripStatus (decision 110). */
export const TripEventSchema = z.object({ status: z.string(), at: z.optional(z.string()) });

export const DriverEventSchema = z.object({
  _id: z.string(),
  name: z.string(),
  vehicleType: z.optional(z.nullable(z.string())),
  employeeImage: z.optional(z.nullable(z.string())),
  vehicleImage: z.optional(z.nullable(z.string())),
  lat: z.optional(z.nullable(Coordinate)),
  lng: z.optional(z.nullable(Coordinate)),
});

/** Driver eta in seconds (-1 or null: unknown) and distance in metres. */
export const EtaEventSchema = z.object({
  eta: z.optional(z.nullable(z.number())),
  distance: z.optional(z.nullable(z.number())),
});

export const PositionEventSchema = z.extend(EtaEventSchema, {
  lat: Coordinate,
  lng: Coordinate,
  heading: z.optional(z.nullable(z.number())),
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

// ---------------------------------------------------------------------------------------------
// What the server writes: every event of a service's history, by name, with the exact data it
// carries on the stream (`event: <type>`, `data: <payload>`). The schemas above read a subset of it
// loosely; these types are what the API must write (docs/decisions/204).

/** `created`: the service was requested (SPEC 4: Queued, status number 1, trip status NEW). */
export interface CreatedEventData {
  status: 'Queued';
  statusNumber: ServiceStatusNumber;
  tripStatus: 'NEW';
}

/**
 * `status`: the service moved to another status. `reason` when the customer cancelled it, `endDate`
 * (ISO date-time) when the trip finished it.
 */
export interface StatusEventData {
  status: ServiceStatus;
  statusNumber: ServiceStatusNumber;
  previousStatus: string;
  reason?: string;
  endDate?: string;
}

/** `trip`: the trip status moved forward (ISO date-time `at`); dispatch sends no status number. */
export interface TripEventData {
  status: TripStatus;
  statusNumber?: ServiceStatusNumber;
  at: string;
}

/** `driver`: the driver assigned to the service, as its card shows them. */
export interface DriverEventData {
  _id: string;
  name: string;
  vehicleType: string;
  employeeImage: string | null;
  vehicleImage: string | null;
  lat: number | null;
  lng: number | null;
}

/** `eta`: driver ETA in seconds (null: unknown) and road distance in metres, both estimated. */
export interface EtaEventData {
  eta: number | null;
  distance: number;
  approximate: true;
}

/**
 * `position`: the driver's reported position (degrees; heading in degrees, accuracy in metres, null
 * when not reported), with the new ETA in seconds and distance in metres (null: unknown).
 */
export interface PositionEventData {
  lat: number;
  lng: number;
  heading: number | null;
  accuracy: number | null;
  at: string;
  eta: number | null;
  distance: number | null;
  approximate: true;
}

/**
 * `location`: the customer's situation moved (accuracy in metres, null for a chosen place);
 * `source` says when it came from a location-by-text answer (decision 413).
 */
export interface LocationEventData {
  lat: number;
  lng: number;
  address: string;
  accuracy: number | null;
  source?: 'geotext';
  at: string;
}

/** `survey`: the customer rated the service; the end date it stamped and the driver's rating. */
export interface SurveyEventData {
  answered: true;
  endDate: string | null;
  providerRating: number | null;
}

/** `tip`: the service's one tip, amount in cents of `currency`. */
export interface TipEventData {
  tipId: string;
  amount: number;
  currency: string;
  paymentMethod: string | null;
}

/** `pushOptIn`: the customer's choice about status notifications changed. */
export interface PushOptInEventData {
  pushOptIn: boolean;
}

/** `confirmData`: the customer confirmed the data of a service an agent created for them. */
export interface ConfirmDataEventData {
  status: 'confirm';
}

/** `note`: a note for the driver. */
export interface NoteEventData {
  noteId: string;
  body: string;
  createdAt: string;
}

/** Steps of dispatch in a service's history (docs/decisions/760). */
export const DISPATCH_STEPS = [
  'queued',
  'offered',
  'rejected',
  'timed_out',
  'assigned',
  'driver_cancelled',
  'withdrawn',
] as const;
export type DispatchStep = (typeof DISPATCH_STEPS)[number];

/**
 * `dispatch`: what dispatch did with the service (queued: nobody free yet; offered, rejected,
 * timed_out: an offer to one driver; assigned; driver_cancelled: the driver gave it back;
 * withdrawn: a dispatcher gave the offered driver other work, and dispatch looks again). Only the
 * driver id, never the driver's name or phone: the customer's token reads this history.
 */
export interface DispatchEventData {
  step: DispatchStep;
  driverId?: string;
  at: string;
}

/** The data of each event the server writes, by event name. */
export interface ServiceEventDataByName {
  created: CreatedEventData;
  status: StatusEventData;
  trip: TripEventData;
  driver: DriverEventData;
  eta: EtaEventData;
  position: PositionEventData;
  location: LocationEventData;
  survey: SurveyEventData;
  tip: TipEventData;
  pushOptIn: PushOptInEventData;
  confirmData: ConfirmDataEventData;
  note: NoteEventData;
  dispatch: DispatchEventData;
}

/** Every event name of a service's history (the screens listen to SERVICE_EVENT_TYPES of them). */
export type ServiceEventName = keyof ServiceEventDataByName;

/** One event as the server writes it: one union, discriminated by `type`. */
export type ServiceHistoryEvent = {
  [Name in ServiceEventName]: { type: Name; payload: ServiceEventDataByName[Name] };
}[ServiceEventName];
