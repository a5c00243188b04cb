import { z } from 'zod';

// SPEC 4 "Service status (numbered)" and "Trip status".

/** SPEC 4: new(1), accepted(2), on_route(3), arrived(4), towed(5), finished(6), cancelled(7), cancelled_by_driver(8), pending_audit(9). */
export const SERVICE_STATUS_NUMBERS = {
  new: 1,
  accepted: 2,
  on_route: 3,
  arrived: 4,
  towed: 5,
  finished: 6,
  cancelled: 7,
  cancelled_by_driver: 8,
  pending_audit: 9,
} as const;
export type ServiceStatusKey = keyof typeof SERVICE_STATUS_NUMBERS;
export type ServiceStatusNumber = (typeof SERVICE_STATUS_NUMBERS)[ServiceStatusKey];

/**
 * The status words the legacy back office writes on a service.
 * SPEC 4: "Other statuses seen: Finished, Active, HoldInspection, Queued, Cancelled, Void, Pending Audit."
 */
export const SERVICE_STATUSES = [
  'Queued',
  'Active',
  'HoldInspection',
  'Finished',
  'Cancelled',
  'Void',
  'Pending Audit',
] as const;
export const ServiceStatusSchema = z.enum(SERVICE_STATUSES);
export type ServiceStatus = z.infer<typeof ServiceStatusSchema>;

/**
 * Trip status strings. SPEC 4: "NEW, ACCEPTED, ON_ROUTE, ARRIVED, TOWED, FINISHED (exact strings not
 * shown)": we use these upper-case words on the wire (docs/decisions, trip status strings).
 * The order of this list is the rank.
 */
export const TRIP_STATUSES = ['NEW', 'ACCEPTED', 'ON_ROUTE', 'ARRIVED', 'TOWED', 'FINISHED'] as const;
export const TripStatusSchema = z.enum(TRIP_STATUSES);
export type TripStatus = z.infer<typeof TripStatusSchema>;
