import {
  canTransitionServiceStatus,
  mergeDriverEta,
  nextTripStatus,
  parseTripStatus,
  ServiceStatusSchema,
  statusKeyOfTripStatus,
  statusNumberOf,
  tripStatusRank,
  type ServiceHistoryEvent,
  type ServiceStatus,
  type TripStatus,
} from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { DriverRow } from '../repositories/drivers.ts';
import type { Repositories } from '../repositories/index.ts';
import type { ServiceChange, ServiceRow } from '../repositories/services.ts';
import { estimateRoute } from './estimate-router.ts';
import { bearerTokenOf, generateRandomToken, hashServiceToken } from './service-tokens.ts';

// ARCHITECTURE decision 8: "a driver app API lets a provider report acceptance, position and trip
// status". Drivers hold their own bearer token (>=128 random bits, only the sha-256 stored in
// drivers.token_hash), minted by issueDriverToken (docs/decisions/230).

type DriverRepos = Pick<Repositories, 'drivers'>;
/** Driver reports change the service they work: both repositories. */
type DriverWorkRepos = Pick<Repositories, 'drivers' | 'services'>;

export interface PositionReport {
  lat: number;
  lng: number;
  heading?: number | null | undefined;
  accuracy?: number | null | undefined;
}

export interface PositionResult {
  /**
   * False when the fix was not used: too inaccurate (SPEC 5: 20 m or better), or older than the
   * driver's stored position.
   */
  accepted: boolean;
  /** The active service that received a position event, if any. */
  serviceId: string | null;
}

export interface TripStatusResult {
  _id: string;
  status: string;
  statusNumber: number;
  tripStatus: TripStatus;
  /** False when the reported status was the current one again (a retry: nothing written). */
  changed: boolean;
}

/** Mints a new token for a driver (the previous one stops working); 404 for an unknown driver. */
export async function issueDriverToken(repos: DriverRepos, driverId: string): Promise<string> {
  const token = generateRandomToken();
  const stored = await repos.drivers.setTokenHash(driverId, hashServiceToken(token));
  if (!stored) throw new AppError('NOT_FOUND', `Driver '${driverId}' was not found`);
  return token;
}

/** 401 for a request without a driver token. */
export const missingDriverToken = (): AppError =>
  new AppError('UNAUTHORIZED', 'Missing driver token: send Authorization: Bearer <token>');

/** 401 for a token no driver holds (never issued, signed out, or replaced by a new sign-in). */
export const unknownDriverToken = (): AppError =>
  new AppError('UNAUTHORIZED', 'Unknown driver token');

/** The driver whose token is in `Authorization: Bearer`; 401 when missing or unknown. */
export async function authenticateDriver(
  repos: DriverRepos,
  authorization: string | undefined,
): Promise<DriverRow> {
  const token = bearerTokenOf(authorization);
  if (!token) throw missingDriverToken();
  // The hash is unique and looked up by equality: the token itself is never compared or stored.
  const driver = await repos.drivers.findByTokenHash(hashServiceToken(token));
  if (!driver) throw unknownDriverToken();
  return driver;
}

function ownedBy(service: ServiceRow, driver: DriverRow): void {
  if (service.driverId !== driver.id) {
    throw new AppError('FORBIDDEN', 'This service is not assigned to this driver');
  }
}

function forbiddenService(): AppError {
  return new AppError('FORBIDDEN', 'This service is not assigned to this driver');
}

/** The change of a forward trip-status move (or 'keep' when the status is not ahead). */
function tripChange(
  service: ServiceRow,
  driver: DriverRow,
  incoming: TripStatus,
  now: Date,
): ServiceChange | 'keep' {
  ownedBy(service, driver);
  if (service.status !== 'Active') {
    throw new AppError('CONFLICT', `The service is ${service.status}: its trip cannot change`);
  }
  const current = parseTripStatus(service.tripStatus);
  // SPEC 4: "Statuses move forward by rank only; a lower rank never replaces the current one." A
  // lower status is refused (409, decision 256); the same status again is a no-op (a retry).
  if (current && tripStatusRank(incoming) < tripStatusRank(current)) {
    throw new AppError(
      'CONFLICT',
      `The trip is ${current}: ${incoming} would move it back (statuses move forward only)`,
    );
  }
  const next = nextTripStatus(current, incoming);
  if (!next || next === current) return 'keep';
  const at = now.toISOString();
  const statusNumber = statusNumberOf(statusKeyOfTripStatus(next));
  const finishing = next === 'FINISHED';
  const from = ServiceStatusSchema.parse(service.status);
  const status: ServiceStatus = finishing ? 'Finished' : from;
  // Decision 111: every status write goes through the allowed transitions.
  if (status !== from && !canTransitionServiceStatus(from, status)) {
    throw new AppError('CONFLICT', `A service that is ${from} cannot become ${status}`);
  }
  const reached = tripStatusRank(next) >= tripStatusRank('ARRIVED');
  const events: ServiceHistoryEvent[] = [
    { type: 'trip', payload: { status: next, statusNumber, at } },
  ];
  if (finishing) {
    events.push({
      type: 'status',
      payload: { status, statusNumber, previousStatus: service.status, endDate: at },
    });
  }
  return {
    patch: {
      tripStatus: next,
      tripStamps: { ...service.tripStamps, [next]: at },
      statusNumber,
      status,
      ...(finishing ? { endDate: now } : {}),
      ...(reached ? { driverEtaSeconds: 0, driverDistanceMeters: 0 } : {}),
    },
    events,
    // The driver is free for the next service.
    ...(finishing
      ? { driver: { id: driver.id, patch: { status: 'available', pendingSituation: null } } }
      : {}),
  };
}

/** `POST .../services/:id/accept`: the driver confirms; ACCEPTED (forward only). */
export async function acceptService(
  repos: DriverWorkRepos,
  driver: DriverRow,
  serviceId: string,
  now: Date = new Date(),
): Promise<TripStatusResult> {
  return updateTripStatus(repos, driver, serviceId, 'ACCEPTED', now);
}

/** `POST .../services/:id/trip-status`: moves the trip forward; a lower status is a 409. */
export async function updateTripStatus(
  repos: DriverWorkRepos,
  driver: DriverRow,
  serviceId: string,
  status: TripStatus,
  now: Date = new Date(),
): Promise<TripStatusResult> {
  const outcome = await repos.services.change(serviceId, (service) =>
    tripChange(service, driver, status, now),
  );
  if (!outcome) throw forbiddenService();
  const { service, events } = outcome;
  return {
    _id: service.id,
    status: service.status,
    statusNumber: service.statusNumber,
    tripStatus: parseTripStatus(service.tripStatus) ?? status,
    changed: events.length > 0,
  };
}

/**
 * The change of the driver's Active service for a position taken at `at`: the provider's place,
 * the new ETA and one position event; nothing when the service is no longer theirs or Active.
 */
export function positionChange(
  service: ServiceRow,
  driver: DriverRow,
  report: PositionReport,
  at: Date,
): ServiceChange {
  if (service.driverId !== driver.id || service.status !== 'Active') {
    return { patch: {}, events: [] };
  }
  const trip = parseTripStatus(service.tripStatus);
  const heading = trip && tripStatusRank(trip) >= tripStatusRank('ARRIVED') ? null : service;
  const estimate =
    heading && heading.situationLat !== null && heading.situationLng !== null
      ? estimateRoute(report, { lat: heading.situationLat, lng: heading.situationLng })
      : undefined;
  // SPEC 4: "A driver's eta is overwritten only when the new value is 0 or more."
  const eta = mergeDriverEta(service.driverEtaSeconds, estimate?.etaSeconds);
  return {
    patch: {
      driverEtaSeconds: eta,
      driverDistanceMeters: estimate?.distanceMeters ?? service.driverDistanceMeters,
      providerLat: report.lat,
      providerLng: report.lng,
    },
    events: [
      {
        type: 'position',
        payload: {
          lat: report.lat,
          lng: report.lng,
          heading: report.heading ?? null,
          accuracy: report.accuracy ?? null,
          at: at.toISOString(),
          eta,
          distance: estimate?.distanceMeters ?? null,
          approximate: true,
        },
      },
    ],
  };
}
