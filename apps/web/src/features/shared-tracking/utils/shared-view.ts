import {
  deviceTimeZone,
  estimatedArrival,
  initialTrackingStatus,
  isCancelledServiceStatus,
  isFinishedServiceStatus,
  isTrackedTripStatus,
  serviceClock,
  trackingEtaMinutes,
  type ServiceClock,
  type SharedService,
} from '@auxilio/domain';

// What the shared tracking screen shows (decision 475), from the redacted view of decision 474,
// with the tracking screen's own titles (SPEC 2 "Tracking: title by trip status").

/** A key of namespace `tracking` (title.*) or `shared-link` (shared.*), and its values. */
export type SharedTitle =
  | { ns: 'tracking'; key: 'title.accepted'; name: string }
  | { ns: 'tracking'; key: 'title.onRoute' | 'title.providing' | 'title.following' }
  | { ns: 'shared-link'; key: 'shared.finished' | 'shared.cancelled' };

export function sharedTitle(view: Pick<SharedService, 'status' | 'trip' | 'driver'>): SharedTitle {
  if (isFinishedServiceStatus(view.status)) return { ns: 'shared-link', key: 'shared.finished' };
  if (isCancelledServiceStatus(view.status)) return { ns: 'shared-link', key: 'shared.cancelled' };
  if (!view.driver) return { ns: 'tracking', key: 'title.following' };
  const shown = initialTrackingStatus({
    serverTripStatus: view.trip.status,
    isTracked: isTrackedTripStatus(view.trip.status),
    hasRealDriver: true,
  });
  switch (shown) {
    case 'ACCEPTED':
      return { ns: 'tracking', key: 'title.accepted', name: view.driver.firstName };
    case 'ON_ROUTE':
      return { ns: 'tracking', key: 'title.onRoute' };
    case 'ARRIVED':
    case 'TOWED':
      return { ns: 'tracking', key: 'title.providing' };
    default:
      return { ns: 'tracking', key: 'title.following' };
  }
}

/**
 * The arrival clock while the driver is on route, in the service's time zone and named when the
 * viewer's differs (decision 645: a relative abroad reads the time the customer reads); null
 * otherwise. SPEC 9 "Tracking ETA = driver eta seconds divided by 60, rounded".
 */
export function sharedEtaText(
  view: Pick<SharedService, 'trip' | 'driver' | 'branch'>,
  now: Date,
  deviceZone: string = deviceTimeZone(),
): ServiceClock | null {
  if (view.trip.status !== 'ON_ROUTE') return null;
  const minutes = trackingEtaMinutes(view.driver?.eta);
  if (minutes === null) return null;
  return serviceClock(estimatedArrival(now, minutes * 60), view.branch, deviceZone);
}

/** The service has ended: nothing moves any more, so the map and the stream are not needed. */
export function hasEnded(view: Pick<SharedService, 'status'>): boolean {
  return isFinishedServiceStatus(view.status) || isCancelledServiceStatus(view.status);
}
