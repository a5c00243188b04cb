import { canonicalServiceType, HOME_SERVICE_TYPES, isTowServiceType } from './service-types.ts';

// The dispatch engine's rules (docs/decisions/760): which vehicle may take which service, when a
// scheduled service enters dispatch and how long dispatch waits before looking again.

/** Vehicle types of the fleet (the seeded drivers' `vehicleType`). */
export const DISPATCH_VEHICLE_TYPES = [
  'tow_truck',
  'flatbed',
  'service_car',
  'motorcycle',
  'van',
] as const;
export type DispatchVehicleType = (typeof DISPATCH_VEHICLE_TYPES)[number];

/** SPEC 1 tow types move the vehicle: only a tow truck or a flatbed carries it. */
const TOW_VEHICLES: readonly DispatchVehicleType[] = ['tow_truck', 'flatbed'];
/** Roadside help on the spot (a tyre, a battery, a lock, fuel): any road vehicle. */
const ROAD_VEHICLES: readonly DispatchVehicleType[] = [
  'tow_truck',
  'flatbed',
  'service_car',
  'motorcycle',
];
/** On-site inspections are done by inspectors, who drive service cars (SPEC 3 Driver "inspectorId"). */
const INSPECTION_VEHICLES: readonly DispatchVehicleType[] = ['service_car'];
/** SPEC 1 home services: a technician's van carries the tools. */
const HOME_VEHICLES: readonly DispatchVehicleType[] = ['van'];

/**
 * The vehicle types that can serve a service type (its SPEC 1 name, the towCollission alias
 * accepted); none for an unknown name.
 */
export function vehicleTypesForServiceType(situation: string): readonly DispatchVehicleType[] {
  const name = canonicalServiceType(situation);
  if (!name) return [];
  if ((HOME_SERVICE_TYPES as readonly string[]).includes(name)) return HOME_VEHICLES;
  if (isTowServiceType(name)) return TOW_VEHICLES;
  if (name === 'inspections') return INSPECTION_VEHICLES;
  return ROAD_VEHICLES;
}

/** True when a driver's vehicle can serve the service type. */
export function vehicleFitsServiceType(vehicleType: string, situation: string): boolean {
  return (vehicleTypesForServiceType(situation) as readonly string[]).includes(vehicleType);
}

/**
 * How long before its schedule a scheduled service (a road appointment or a home visit, whose
 * window opens at its schedule, decision 644) enters dispatch: the provider is found in time to
 * drive there.
 */
export const SCHEDULED_DISPATCH_LEAD_MS = 30 * 60 * 1000;

/**
 * When a new service first enters dispatch: at once, or its schedule minus the lead time when
 * that is later (a schedule already near or past is dispatched at once).
 */
export function firstDispatchAt(createdAt: Date, schedule: Date | null): Date {
  if (!schedule) return createdAt;
  const due = schedule.getTime() - SCHEDULED_DISPATCH_LEAD_MS;
  return new Date(Math.max(createdAt.getTime(), due));
}

/** First wait after a search that found no driver, and the longest wait. */
export const DISPATCH_RETRY_FIRST_MS = 5_000;
export const DISPATCH_RETRY_MAX_MS = 60_000;

/**
 * Wait before searching again after `attempts` searches in a row found nobody (1 or more):
 * 5 s, 10 s, 20 s, 40 s, then 60 s. A driver going online searches at once anyway.
 */
export function dispatchRetryDelayMs(attempts: number): number {
  const exponent = Math.max(0, Math.min(Math.trunc(attempts) - 1, 16));
  return Math.min(DISPATCH_RETRY_MAX_MS, DISPATCH_RETRY_FIRST_MS * 2 ** exponent);
}

/**
 * Whether a driver who rejected the service or let its offer expire (at `declinedAt`) may be
 * offered it again. Asked only once no driver who was never offered it is left: then, after the
 * search has found nobody `attempts` times (1 or more) and waited its backoff since that answer,
 * so that one driver alone on shift is asked again, never in a loop. A driver who took the service
 * and gave it back is never asked again (not a question for this rule).
 */
export function mayOfferAgain(declinedAt: Date, attempts: number, now: Date): boolean {
  if (attempts < 1) return false;
  return now.getTime() - declinedAt.getTime() >= dispatchRetryDelayMs(attempts);
}
