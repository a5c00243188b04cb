import {
  clampSimulatedProgress,
  deviceTimeZone,
  estimatedArrival,
  serviceClock,
  shownTripStatus,
  trackingEtaMinutes,
  type Service,
  type ServiceClock,
} from '@auxilio/domain';

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
