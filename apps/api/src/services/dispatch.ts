import { randomUUID } from 'node:crypto';
import {
  publicSuggestedDrivers,
  publicSuggestionPoint,
  shouldRequestSuggestions,
  takeSuggestedDrivers,
  type DriverLocationResponse,
  type LatLng,
  type PublicDriver,
  type SuggestedDriver,
  type SuggestionRequest,
  type SuggestionResponse,
} from '@auxilio/domain';
import { AppError, notFound } from '../lib/errors.ts';
import type { DriverRow } from '../repositories/drivers.ts';
import type { Repositories } from '../repositories/index.ts';
import type { CommittedServiceChange } from '../repositories/services.ts';
import { assignmentChange } from './dispatch/assignment.ts';
import { estimateRoute } from './estimate-router.ts';
import { bearerTokenOf, hashServiceToken } from './service-tokens.ts';

// ARCHITECTURE decision 8: "A dispatch engine assigns queued services (auto-dispatch suggestions:
// nearest by ETA, at most 500 candidates)".

/** A driver that can be ranked: an id and a last known position. */
export interface RankableDriver {
  id: string;
  lastLat: number | null;
  lastLng: number | null;
}

/**
 * Drivers nearest first by estimated ETA (ties by distance, then id), each with its eta in seconds
 * and road distance in metres; drivers without a position are left out. At most 500 (SPEC 5).
 */
export function rankDriversByEta(
  situation: LatLng,
  candidates: readonly RankableDriver[],
): SuggestedDriver[] {
  const ranked: SuggestedDriver[] = [];
  for (const driver of candidates) {
    if (driver.lastLat === null || driver.lastLng === null) continue;
    const estimate = estimateRoute({ lat: driver.lastLat, lng: driver.lastLng }, situation);
    ranked.push({ _id: driver.id, eta: estimate.etaSeconds, distance: estimate.distanceMeters });
  }
  ranked.sort((a, b) => a.eta - b.eta || a.distance - b.distance || a._id.localeCompare(b._id));
  return takeSuggestedDrivers(ranked);
}

/**
 * `POST /autodispatch/api/suggestions`: available drivers of the branch, nearest by ETA, as the
 * public app key may see them (decision 418: from the centre of the asked point's grid cell, the
 * nearest few, coarse figures, ids new on every call). Dispatch itself ranks with `rankDriversByEta`.
 */
export async function suggestDrivers(
  repos: Pick<Repositories, 'drivers'>,
  request: SuggestionRequest,
): Promise<SuggestionResponse> {
  const situation = {
    lat: request.route.situation.latitude,
    lng: request.route.situation.longitude,
  };
  // SPEC 5: "returns no drivers, without a call, when situation lat and lng are both 0" (here:
  // without a database query).
  if (!shouldRequestSuggestions(situation)) return { drivers: [] };
  const candidates = await repos.drivers.listAvailableWithPosition(request.branch);
  const ranked = rankDriversByEta(publicSuggestionPoint(situation), candidates);
  return { drivers: publicSuggestedDrivers(ranked, randomUUID) };
}

/**
 * Assigns the oldest Queued, unscheduled service without a driver to the nearest available driver
 * of its branch by ETA at once, without an offer (tests, benchmarks and end-to-end harnesses that
 * need an assigned service now; the running API dispatches through offers, services/dispatch/).
 * Undefined when nothing is queued, no driver is free, or the oldest request has been queued less
 * than `queuedForAtLeastMs`.
 */
export async function assignNextQueued(
  repos: Pick<Repositories, 'services'>,
  now: Date = new Date(),
  options: { queuedForAtLeastMs?: number } = {},
): Promise<CommittedServiceChange | undefined> {
  return repos.services.assignNextQueued((service, candidates) => {
    const queuedMs = now.getTime() - service.createdAt.getTime();
    if (queuedMs < (options.queuedForAtLeastMs ?? 0)) return undefined;
    if (service.situationLat === null || service.situationLng === null) return undefined;
    const situation = { lat: service.situationLat, lng: service.situationLng };
    if (!shouldRequestSuggestions(situation)) return undefined;
    const [best] = rankDriversByEta(situation, candidates);
    const driver = best && candidates.find((c) => c.id === best._id);
    if (!best || !driver) return undefined;
    return assignmentChange(
      service,
      driver,
      { etaSeconds: best.eta, distanceMeters: best.distance },
      now,
    );
  });
}

/**
 * A driver row as its public card (decision 415): name, branch, vehicle and pictures; never the
 * token hash, phone, e-mail, position or pending situation.
 */
export function toPublicDriver(row: DriverRow): PublicDriver {
  return {
    _id: row.id,
    id: row.id,
    branch: row.branch as PublicDriver['branch'],
    name: row.name,
    iconset: row.iconset,
    vehicleType: row.vehicleType,
    employeeImage: row.employeeImage,
    vehicleImage: row.vehicleImage,
  };
}

/** `GET /common/api/v1/drivers`: SPEC 7 "all drivers", as public cards. */
export async function listDrivers(repos: Pick<Repositories, 'drivers'>): Promise<PublicDriver[]> {
  return (await repos.drivers.listAll()).map(toPublicDriver);
}

/** `GET /common/providers/drivers/driverById/:id`; 404 for an unknown driver. */
export async function getDriver(
  repos: Pick<Repositories, 'drivers'>,
  id: string,
): Promise<PublicDriver> {
  const row = await repos.drivers.findById(id);
  if (!row) throw notFound('Driver', id);
  return toPublicDriver(row);
}

/**
 * `GET .../driverById/:id/location`: `{ data: { lat, lng, heading, updatedAt } }`, data null when
 * unknown. Decision 415 (OWASP API1): only for `Authorization: Bearer <token>` of an Active service
 * this driver serves; 401 without a bearer token, 403 otherwise, whether the driver exists or not.
 */
export async function getDriverLocation(
  repos: Pick<Repositories, 'drivers'>,
  authorization: string | undefined,
  id: string,
): Promise<DriverLocationResponse> {
  const token = bearerTokenOf(authorization);
  if (!token) {
    throw new AppError('UNAUTHORIZED', 'Missing service token: send Authorization: Bearer <token>');
  }
  const serving = await repos.drivers.isServingTokenHash(id, hashServiceToken(token));
  const row = serving ? await repos.drivers.findById(id) : undefined;
  if (!row) {
    throw new AppError('FORBIDDEN', "This token does not give access to that driver's position");
  }
  if (row.lastLat === null || row.lastLng === null) return { data: null };
  return {
    data: {
      lat: row.lastLat,
      lng: row.lastLng,
      heading: row.lastHeading,
      ...(row.lastSeenAt ? { updatedAt: row.lastSeenAt.toISOString() } : {}),
    },
  };
}
