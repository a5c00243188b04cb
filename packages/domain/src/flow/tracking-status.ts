import { hasRealDriver } from '../contract/drivers.ts';
import type { Service } from '../contract/service.ts';
import {
  initialTrackingStatus,
  progressStep,
  statusKeyOfService,
  type TripStatus,
} from '../service-status.ts';
import { isTrackedTripStatus } from './polling.ts';

// What the tracking screen says of the service's state (its title and progress step): one rule
// for the app and for the page the server paints first (docs/decisions/752).

/** The trip status the tracking screen shows (SPEC 4 "Initial tracking status"). */
export function shownTripStatus(service: Pick<Service, 'trip' | 'driver'>): TripStatus {
  return initialTrackingStatus({
    serverTripStatus: service.trip.status,
    isTracked: isTrackedTripStatus(service.trip.status),
    hasRealDriver: hasRealDriver(service.driver),
  });
}

/** Title key (namespace `tracking`) and its values. SPEC 2 "Tracking: title by trip status". */
export interface TrackingTitle {
  key: 'title.accepted' | 'title.onRoute' | 'title.providing' | 'title.following';
  name?: string;
}

export function trackingTitle(service: Pick<Service, 'trip' | 'driver'>): TrackingTitle {
  switch (shownTripStatus(service)) {
    case 'ACCEPTED':
      // SPEC 2: "Accepted: '{driver name} will be with you soon'".
      return service.driver?.name
        ? { key: 'title.accepted', name: service.driver.name }
        : { key: 'title.onRoute' };
    case 'ON_ROUTE':
      return { key: 'title.onRoute' };
    case 'ARRIVED':
    case 'TOWED':
      return { key: 'title.providing' };
    default:
      return { key: 'title.following' };
  }
}

/**
 * The progress bar's four steps in order, each named by its text (`tracking:progress.<name>`):
 * SPEC 4 "Progress bar has 4 steps: new=1, accepted=2, on route=3, arrived or towed=4".
 */
export const TRACKING_PROGRESS_STEPS = ['received', 'accepted', 'onRoute', 'arrived'] as const;

/** Progress-bar step 1..4, or null when no bar shows (SPEC 4 "Progress bar has 4 steps"). */
export function trackingProgressStep(service: Pick<Service, 'status' | 'trip'>) {
  return progressStep(
    statusKeyOfService({ status: service.status, tripStatus: service.trip.status }),
  );
}
