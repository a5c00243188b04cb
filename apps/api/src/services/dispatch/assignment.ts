import {
  canTransitionServiceStatus,
  mergeDriverEta,
  nextTripStatus,
  parseTripStatus,
  statusKeyOfTripStatus,
  statusNumberOf,
  type ServiceStatus,
} from '@auxilio/domain';
import type { ServiceChange, ServiceDriverRow, ServiceRow } from '../../repositories/services.ts';

// ARCHITECTURE decision 8: assigning a driver to a queued service. The one change both ways of
// assigning write (an accepted offer, docs/decisions/760, and the direct assignment of tests and
// benchmarks): driver set, status Active, trip ACCEPTED (forward only), estimated ETA, the driver
// busy, and the status/trip/driver/eta events the customer's screens follow.

/** The estimated drive of the driver to the situation. */
export interface DriveEstimate {
  etaSeconds: number;
  distanceMeters: number;
}

/**
 * The change that assigns `driver` to `service`, or undefined when the service's status may not
 * become Active (decision 111).
 */
export function assignmentChange(
  service: ServiceRow,
  driver: ServiceDriverRow,
  estimate: DriveEstimate,
  now: Date,
): ServiceChange | undefined {
  const from = service.status as ServiceStatus;
  if (!canTransitionServiceStatus(from, 'Active')) return undefined;
  const trip = nextTripStatus(parseTripStatus(service.tripStatus), 'ACCEPTED') ?? 'ACCEPTED';
  const statusNumber = statusNumberOf(statusKeyOfTripStatus(trip));
  const eta = mergeDriverEta(service.driverEtaSeconds, estimate.etaSeconds);
  const at = now.toISOString();
  return {
    patch: {
      driverId: driver.id,
      status: 'Active',
      statusNumber,
      tripStatus: trip,
      tripStamps: { ...service.tripStamps, [trip]: service.tripStamps[trip] ?? at },
      simulatedEtaSeconds: estimate.etaSeconds,
      driverEtaSeconds: eta,
      driverDistanceMeters: estimate.distanceMeters,
      providerName: driver.name,
      providerLat: driver.lastLat,
      providerLng: driver.lastLng,
      dispatchAt: null,
      dispatchAttempts: 0,
    },
    events: [
      {
        type: 'status',
        payload: { status: 'Active', statusNumber, previousStatus: from },
      },
      { type: 'trip', payload: { status: trip, at } },
      {
        type: 'driver',
        payload: {
          _id: driver.id,
          name: driver.name,
          vehicleType: driver.vehicleType,
          employeeImage: driver.employeeImage,
          vehicleImage: driver.vehicleImage,
          lat: driver.lastLat,
          lng: driver.lastLng,
        },
      },
      { type: 'eta', payload: { eta, distance: estimate.distanceMeters, approximate: true } },
    ],
    driver: { id: driver.id, patch: { status: 'busy', pendingSituation: service.situation } },
  };
}
