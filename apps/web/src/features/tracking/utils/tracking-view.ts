import {
  clampSimulatedProgress,
  deviceTimeZone,
  estimatedArrival,
  hasRealDriver,
  initialTrackingStatus,
  isTrackedTripStatus,
  progressStep,
  serviceClock,
  statusKeyOfService,
  trackingEtaMinutes,
  type Service,
  type ServiceClock,
  type TripStatus,
} from '@auxilio/domain';

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
 * 'h:mma' arrival clock while on route, in the service's branch time zone and labelled when the
 * device's differs (decision 645); null when the driver's eta is unknown or the driver is not on
 * route. SPEC 2 "On route: ... 'Estimated time: h:mma'" and SPEC 9 "Tracking ETA = driver eta
 * seconds divided by 60, rounded".
 */
export function estimatedTimeText(
  service: Pick<Service, 'trip' | 'driver' | 'branch'>,
  now: Date,
  deviceZone: string = deviceTimeZone(),
): ServiceClock | null {
  if (shownTripStatus(service) !== 'ON_ROUTE') return null;
  const minutes = trackingEtaMinutes(service.driver?.eta);
  if (minutes === null) return null;
  return serviceClock(estimatedArrival(now, minutes * 60), service.branch, deviceZone);
}

/** Progress-bar step 1..4, or null when no bar shows (SPEC 4 "Progress bar has 4 steps"). */
export function trackingProgressStep(service: Pick<Service, 'status' | 'trip'>) {
  return progressStep(
    statusKeyOfService({ status: service.status, tripStatus: service.trip.status }),
  );
}

/**
 * How far along the simulated drive is (0.05..0.95), counted from the moment the trip was accepted
 * (the service date when no stamp exists). SPEC 9 "simulated progress clamped between 5% and 95%".
 */
export function simulatedProgress(
  service: Pick<Service, 'trip' | 'date'>,
  now: Date,
): number | null {
  const { simulatedEta, stamps } = service.trip;
  if (simulatedEta === null) return null;
  const start = Date.parse(stamps.ACCEPTED ?? service.date);
  if (Number.isNaN(start)) return null;
  return clampSimulatedProgress((now.getTime() - start) / 1000, simulatedEta);
}
