import { z } from 'zod/mini';

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
export const TRIP_STATUSES = [
  'NEW',
  'ACCEPTED',
  'ON_ROUTE',
  'ARRIVED',
  'TOWED',
  'FINISHED',
] as const;
export const TripStatusSchema = z.enum(TRIP_STATUSES);
export type TripStatus = z.infer<typeof TripStatusSchema>;

/** A trip under way: a driver has it, from accepting to the last step before finishing (SPEC 4). */
export const TRIP_STATUSES_UNDER_WAY = [
  'ACCEPTED',
  'ON_ROUTE',
  'ARRIVED',
  'TOWED',
] as const satisfies readonly TripStatus[];

export function isTripUnderWay(status: TripStatus | undefined): boolean {
  return (TRIP_STATUSES_UNDER_WAY as readonly TripStatus[]).includes(status ?? 'NEW');
}

// ---------------------------------------------------------------------------------------------
// Groups, ranks and tracking rules of SPEC 4.

/** SPEC 4: "active-with-driver = accepted, on_route, arrived, towed". */
export const ACTIVE_WITH_DRIVER_STATUS_KEYS = [
  'accepted',
  'on_route',
  'arrived',
  'towed',
] as const satisfies readonly ServiceStatusKey[];
/** SPEC 4: "needs-no-driver = new, cancelled_by_driver". */
export const NEEDS_NO_DRIVER_STATUS_KEYS = [
  'new',
  'cancelled_by_driver',
] as const satisfies readonly ServiceStatusKey[];
/** SPEC 4: "completed = pending_audit, finished". */
export const COMPLETED_STATUS_KEYS = [
  'pending_audit',
  'finished',
] as const satisfies readonly ServiceStatusKey[];

/** True when a driver is working the service (status key, no units). */
export function isActiveWithDriver(key: ServiceStatusKey): boolean {
  return (ACTIVE_WITH_DRIVER_STATUS_KEYS as readonly string[]).includes(key);
}
/** True when the service has, or needs, no driver yet (status key, no units). */
export function isNeedingNoDriver(key: ServiceStatusKey): boolean {
  return (NEEDS_NO_DRIVER_STATUS_KEYS as readonly string[]).includes(key);
}
/** True when the service is done, audited or not (status key, no units). */
export function isCompletedStatus(key: ServiceStatusKey): boolean {
  return (COMPLETED_STATUS_KEYS as readonly string[]).includes(key);
}

/** Status number (1..9) of a status key. */
export function statusNumberOf(key: ServiceStatusKey): ServiceStatusNumber {
  return SERVICE_STATUS_NUMBERS[key];
}

/** Status key of a status number (1..9), or undefined for any other number. */
export function statusKeyOfNumber(value: number): ServiceStatusKey | undefined {
  return (Object.keys(SERVICE_STATUS_NUMBERS) as ServiceStatusKey[]).find(
    (key) => SERVICE_STATUS_NUMBERS[key] === value,
  );
}

/** Rank of a trip status: 0 (NEW) to 5 (FINISHED); a higher rank is further along. */
export function tripStatusRank(status: TripStatus): number {
  return TRIP_STATUSES.indexOf(status);
}

/**
 * Reads a trip status from the wire, tolerating case, spaces and hyphens ('on route', 'On-Route');
 * undefined when it is none of the six. SPEC 4 "exact strings not shown" (decision 110).
 */
export function parseTripStatus(raw: string | null | undefined): TripStatus | undefined {
  if (!raw) return undefined;
  const word = raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return TripStatusSchema.safeParse(word).data;
}

/** The trip status to keep after an update (ranks, no units); null when neither is known. */
export function nextTripStatus(
  current: TripStatus | null | undefined,
  incoming: TripStatus | null | undefined,
): TripStatus | null {
  if (!incoming) return current ?? null;
  if (!current) return incoming;
  // SPEC 4: a lower rank never replaces the current trip status.
  return tripStatusRank(incoming) > tripStatusRank(current) ? incoming : current;
}

/** Trip status the tracking screen starts from (no units). */
export function initialTrackingStatus(input: {
  serverTripStatus: TripStatus | null | undefined;
  isTracked: boolean;
  hasRealDriver: boolean;
}): TripStatus {
  // SPEC 4: "the server trip status if tracked, else Accepted when a real driver exists, else On route".
  if (input.isTracked && input.serverTripStatus) return input.serverTripStatus;
  return input.hasRealDriver ? 'ACCEPTED' : 'ON_ROUTE';
}

/** Status key matching a trip status (same words, lower case). */
export function statusKeyOfTripStatus(status: TripStatus): ServiceStatusKey {
  return status.toLowerCase() as ServiceStatusKey;
}

/** Trip status matching a status key, or undefined for the cancelled and audit keys. */
export function tripStatusOfStatusKey(key: ServiceStatusKey): TripStatus | undefined {
  return TripStatusSchema.safeParse(key.toUpperCase()).data;
}

/** Progress-bar step 1..4 of a status key, or null when no bar is shown. */
export function progressStep(key: ServiceStatusKey): 1 | 2 | 3 | 4 | null {
  // SPEC 4: "new=1, accepted=2, on route=3, arrived or towed=4; finished, cancelled, cancelled by
  // driver and pending audit show no bar".
  switch (key) {
    case 'new':
      return 1;
    case 'accepted':
      return 2;
    case 'on_route':
      return 3;
    case 'arrived':
    case 'towed':
      return 4;
    default:
      return null;
  }
}

/** Minutes shown on tracking for a driver eta in seconds; null when the eta is unknown (< 0). */
export function trackingEtaMinutes(etaSeconds: number | null | undefined): number | null {
  if (etaSeconds == null || !Number.isFinite(etaSeconds) || etaSeconds < 0) return null;
  // SPEC 9: "Tracking ETA = driver eta seconds divided by 60, rounded."
  return Math.round(etaSeconds / 60);
}

/** Driver eta in seconds to keep after an update; -1 or null means unknown. */
export function mergeDriverEta(
  current: number | null | undefined,
  incoming: number | null | undefined,
): number | null {
  // SPEC 4: "A driver's eta is overwritten only when the new value is 0 or more."
  if (incoming != null && Number.isFinite(incoming) && incoming >= 0) return incoming;
  return current ?? null;
}

/** True for the trip status that ends a service (FINISHED). */
export function isFinishingTripStatus(status: TripStatus | null | undefined): boolean {
  // SPEC 4 loading screen: "Finished, Pending Audit or a finishing trip status".
  return status === 'FINISHED';
}

/** True for the legacy words of a finished service: Finished and Pending Audit. */
export function isFinishedServiceStatus(status: ServiceStatus | null | undefined): boolean {
  return status === 'Finished' || status === 'Pending Audit';
}

/**
 * True once a service was performed: Finished or Pending Audit, or its trip FINISHED (the driver
 * is done before the back office closes it). Only then can it be rated or tipped (decision 478).
 */
export function isServicePerformed(input: {
  status: ServiceStatus;
  tripStatus?: TripStatus | null | undefined;
}): boolean {
  if (input.status === 'Cancelled' || input.status === 'Void') return false;
  return isFinishedServiceStatus(input.status) || isFinishingTripStatus(input.tripStatus);
}

/** True for the legacy words of a cancelled service: Cancelled and Void. */
export function isCancelledServiceStatus(status: ServiceStatus | null | undefined): boolean {
  // SPEC 4: "Cancelled or Void goes to /cancelled".
  return status === 'Cancelled' || status === 'Void';
}

/**
 * Status key of a service from its legacy status word and trip status (decision 110): Queued and
 * HoldInspection are new, Active follows the trip (accepted when no trip status yet).
 */
export function statusKeyOfService(input: {
  status: ServiceStatus;
  tripStatus?: TripStatus | null | undefined;
}): ServiceStatusKey {
  switch (input.status) {
    case 'Queued':
    case 'HoldInspection':
      return 'new';
    case 'Active':
      return input.tripStatus && input.tripStatus !== 'NEW'
        ? statusKeyOfTripStatus(input.tripStatus)
        : 'accepted';
    case 'Finished':
      return 'finished';
    case 'Pending Audit':
      return 'pending_audit';
    case 'Cancelled':
    case 'Void':
      return 'cancelled';
  }
}

/** ISO date-time to store as the service end date after a survey; an existing end date is kept. */
export function endDateAfterSurvey(input: {
  endDate: string | null | undefined;
  surveyEndsService: boolean;
  now: Date;
}): string | null {
  // SPEC 4: "A survey ending a service stamps its end date" (decision 111: the first stamp wins).
  if (input.endDate) return input.endDate;
  return input.surveyEndsService ? input.now.toISOString() : null;
}

/**
 * Allowed moves between the legacy status words (decision 111). SPEC 4: "Allowed transitions in
 * the backend: not shown". Finished, Cancelled and Void are final.
 */
export const SERVICE_STATUS_TRANSITIONS: Readonly<Record<ServiceStatus, readonly ServiceStatus[]>> =
  {
    Queued: ['Active', 'HoldInspection', 'Cancelled', 'Void'],
    HoldInspection: ['Queued', 'Active', 'Cancelled', 'Void'],
    // Back to Queued when the driver drops the service (cancelled_by_driver needs a new driver).
    Active: ['Queued', 'HoldInspection', 'Finished', 'Pending Audit', 'Cancelled', 'Void'],
    'Pending Audit': ['Finished', 'Cancelled'],
    Finished: [],
    Cancelled: [],
    Void: [],
  };

/** True when the backend may move a service from one legacy status to another (no-op is false). */
export function canTransitionServiceStatus(from: ServiceStatus, to: ServiceStatus): boolean {
  return SERVICE_STATUS_TRANSITIONS[from].includes(to);
}
