import type { AccountConfig, Integration } from '../contract/accounts.ts';
import { driverIdOf, hasRealDriver } from '../contract/drivers.ts';
import type { Service } from '../contract/service.ts';
import { isCancelledServiceStatus, type TripStatus } from '../service-status.ts';
import type { ServiceTypeName } from '../service-types.ts';
import { routeTo } from './decide.ts';
import type { ExternalDecision, RouteDecision } from './decision.ts';
import { isServiceFinished, routeWhenFinished } from './finishing.ts';

// SPEC 4 "Loading screen polls the service every 18 s" and "Tracking screen polls every 17.4 s"
// (intervals: constants.ts POLL_LOADING_MS, POLL_TRACKING_MS).

/**
 * Situations that need an on-site inspection before the driver is shown: the inspector documents
 * the vehicle (SPEC 2 "document your accident while you wait for the inspector"). Not listed by the
 * spec: decision 123.
 */
export const ON_SITE_INSPECTION_SITUATIONS = [
  'inspections',
  'towCollision',
] as const satisfies readonly ServiceTypeName[];

/** True when the situation needs an on-site inspection (SPEC 4 loading screen). */
export function needsOnSiteInspection(situation: ServiceTypeName): boolean {
  return (ON_SITE_INSPECTION_SITUATIONS as readonly string[]).includes(situation);
}

/** Trip statuses the tracking screen shows (a driver is working the service). */
export const TRACKED_TRIP_STATUSES = [
  'ACCEPTED',
  'ON_ROUTE',
  'ARRIVED',
  'TOWED',
] as const satisfies readonly TripStatus[];

/** True when the trip status is one the tracking screen follows. */
export function isTrackedTripStatus(status: TripStatus | null | undefined): boolean {
  return status != null && (TRACKED_TRIP_STATUSES as readonly string[]).includes(status);
}

type PolledService = Pick<Service, 'status' | 'trip' | 'driver' | 'situation' | 'serviceNumber'>;

/** Nothing to navigate; `updateDriver` says the assigned driver changed (SPEC 4). */
export interface PollStay {
  kind: 'stay';
  updateDriver: boolean;
}

export type PollDecision = RouteDecision | ExternalDecision | PollStay;

/**
 * One loading-screen poll. SPEC 4: "Cancelled or Void goes to /cancelled; a driver change updates
 * the driver; a tracked trip status goes to /tracking, except it stays on loading when the status is
 * Accepted and either there is no real driver or the situation needs on-site inspection; Finished,
 * Pending Audit or a finishing trip status goes to the integration's success redirect URL if one
 * exists, otherwise to /finished for certain account ids and /survey for the rest."
 * A tracked trip status counts only while the service is Active, so that a service put back in the
 * queue does not bounce between the two screens (decision 123).
 */
export function loadingPollDecision(input: {
  service: PolledService;
  /** Id of the driver the screen shows now (undefined: none). */
  currentDriverId: string | undefined;
  integrations: readonly Integration[];
  accountConfig: Pick<AccountConfig, 'finishedScreenAfterService'>;
}): PollDecision {
  const { service } = input;
  if (isCancelledServiceStatus(service.status)) return routeTo('/cancelled');
  if (isServiceFinished(service)) return routeWhenFinished(input);
  const tripStatus = service.trip.status;
  if (service.status === 'Active' && isTrackedTripStatus(tripStatus)) {
    const waitForDriver =
      tripStatus === 'ACCEPTED' &&
      (!hasRealDriver(service.driver) || needsOnSiteInspection(service.situation));
    if (!waitForDriver) return routeTo('/tracking');
  }
  return { kind: 'stay', updateDriver: driverIdOf(service.driver) !== input.currentDriverId };
}

/**
 * Where the tracking screen sends a finished service. SPEC 4: "Finished goes to the success redirect
 * or to survey or finished depending on account and status": an answered survey also goes to
 * /finished (decision 123).
 */
export function routeWhenFinishedOnTracking(input: {
  service: Pick<Service, 'serviceNumber' | 'surveys'>;
  integrations: readonly Integration[];
  accountConfig: Pick<AccountConfig, 'finishedScreenAfterService'>;
}): RouteDecision | ExternalDecision {
  const decision = routeWhenFinished(input);
  if (decision.kind === 'route' && input.service.surveys.answered) return routeTo('/finished');
  return decision;
}

/**
 * One tracking-screen poll. SPEC 4: "Cancelled or Void to /cancelled; certain statuses return to
 * /tracking/loading; Finished goes to the success redirect or to survey or finished depending on
 * account and status." The statuses that return to loading are Queued and HoldInspection (the
 * driver dropped the service or an inspection holds it) and a trip that is not tracked
 * (decision 123).
 */
export function trackingPollDecision(input: {
  service: PolledService & Pick<Service, 'surveys'>;
  currentDriverId: string | undefined;
  integrations: readonly Integration[];
  accountConfig: Pick<AccountConfig, 'finishedScreenAfterService'>;
}): PollDecision {
  const { service } = input;
  if (isCancelledServiceStatus(service.status)) return routeTo('/cancelled');
  if (isServiceFinished(service)) return routeWhenFinishedOnTracking(input);
  if (!isFollowedOnTracking(service)) return routeTo('/tracking/loading');
  return { kind: 'stay', updateDriver: driverIdOf(service.driver) !== input.currentDriverId };
}

/**
 * True when the tracking screen stays on the service (the "stay" of `trackingPollDecision`): not
 * cancelled or finished, neither Queued nor HoldInspection, its trip tracked. Also what the page
 * paints the status of before the app (docs/decisions/752).
 */
export function isFollowedOnTracking(service: Pick<Service, 'status' | 'trip'>): boolean {
  return (
    !isCancelledServiceStatus(service.status) &&
    !isServiceFinished(service) &&
    service.status !== 'Queued' &&
    service.status !== 'HoldInspection' &&
    isTrackedTripStatus(service.trip.status)
  );
}
