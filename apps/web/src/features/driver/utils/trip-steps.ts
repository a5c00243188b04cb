import type { DriverTrip } from '@auxilio/domain';

/** The steps a driver reports after accepting (SPEC 4 trip statuses). */
export type TripStep = 'ON_ROUTE' | 'ARRIVED' | 'TOWED' | 'FINISHED';

// The order of the steps a driver reports (SPEC 4 trip statuses, forward only): on route, arrived,
// towed for a tow, finished. The screen offers only the next one.

/** Every step of this trip, in order. */
export function tripSteps(isTow: boolean): readonly TripStep[] {
  return isTow ? ['ON_ROUTE', 'ARRIVED', 'TOWED', 'FINISHED'] : ['ON_ROUTE', 'ARRIVED', 'FINISHED'];
}

/** The step after the trip's current status, or null when none is left. */
export function nextTripStep(trip: Pick<DriverTrip, 'isTow' | 'tripStatus'>): TripStep | null {
  const steps = tripSteps(trip.isTow);
  if (trip.tripStatus === 'ACCEPTED') return steps[0] ?? null;
  const index = steps.indexOf(trip.tripStatus);
  return index === -1 ? null : (steps[index + 1] ?? null);
}
