import { createHash } from 'node:crypto';
import {
  canonicalServiceType,
  clientNoteText,
  isTowServiceType,
  parseTripStatus,
} from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { DispatchOfferRow } from '../../repositories/dispatch.ts';
import type { DriverRow } from '../../repositories/drivers.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ServiceRow } from '../../repositories/services.ts';
import { tripVehicleOf } from '../trip-vehicle.ts';

// What the driver app shows (docs/decisions/760): the driver, the offer to answer, the trip under
// way. `version` changes whenever any of it changes, so the app's long poll answers only then.

export type TrackedTripStatus = 'ACCEPTED' | 'ON_ROUTE' | 'ARRIVED' | 'TOWED';

export interface DriverOfferView {
  id: string;
  serviceId: string;
  offeredAt: string;
  expiresAt: string;
  service: {
    serviceNumber: number;
    situation: string;
    serviceType: 'road' | 'home';
    address: string | null;
    lat: number;
    lng: number;
    distanceMeters: number;
    etaSeconds: number;
    schedule: string | null;
    notes: string | null;
  };
}

export interface DriverTripView {
  serviceId: string;
  serviceNumber: number;
  tripStatus: TrackedTripStatus;
  situation: string;
  serviceType: 'road' | 'home';
  isTow: boolean;
  customer: { firstname: string; lastname: string; phone: string | null };
  location: { lat: number; lng: number; address: string | null };
  destination: null | { lat: number; lng: number; address: string | null };
  notes: string | null;
  vehicle: null | {
    make: string | null;
    model: string | null;
    color: string | null;
    plate: string | null;
  };
}

export interface DriverState {
  version: string;
  serverTime: string;
  driver: {
    id: string;
    name: string;
    vehicleType: string;
    branch: string;
    online: boolean;
    busy: boolean;
    lastPositionAt: string | null;
  };
  offer: DriverOfferView | null;
  trip: DriverTripView | null;
}

type StateRepos = Pick<Repositories, 'dispatch' | 'drivers' | 'services'>;

function serviceTypeOf(service: ServiceRow): 'road' | 'home' {
  return service.serviceType === 'home' ? 'home' : 'road';
}

function addressOf(service: ServiceRow): string | null {
  return service.situationPrettyAddress || service.situationAddress || null;
}

function tripOf(service: ServiceRow): DriverTripView {
  const trip = parseTripStatus(service.tripStatus);
  const tracked: TrackedTripStatus =
    trip === 'ON_ROUTE' || trip === 'ARRIVED' || trip === 'TOWED' ? trip : 'ACCEPTED';
  const name = canonicalServiceType(service.situation);
  return {
    serviceId: service.id,
    serviceNumber: service.serviceNumber,
    tripStatus: tracked,
    situation: service.situation,
    serviceType: serviceTypeOf(service),
    isTow: name !== undefined && isTowServiceType(name),
    customer: {
      firstname: service.firstname,
      lastname: service.lastname,
      phone: service.phone,
    },
    location: {
      lat: service.situationLat ?? 0,
      lng: service.situationLng ?? 0,
      address: addressOf(service),
    },
    destination:
      service.destinationLat !== null && service.destinationLng !== null
        ? {
            lat: service.destinationLat,
            lng: service.destinationLng,
            address: service.destinationPrettyAddress || service.destinationAddress || null,
          }
        : null,
    notes: clientNoteText(service.notes),
    vehicle: tripVehicleOf(service),
  };
}

/** The driver's state now (`serverTime`: the database's clock, for the offer's countdown). */
export async function readDriverState(repos: StateRepos, driverId: string): Promise<DriverState> {
  const [driver, offer, active, serverTime] = await Promise.all([
    repos.drivers.findById(driverId),
    repos.dispatch.findPendingOfferOf(driverId),
    repos.drivers.findActiveServiceOf(driverId),
    repos.dispatch.databaseNow(),
  ]);
  // Removed since its token was checked (or meanwhile, during a long poll): the token is no more.
  if (!driver) throw new AppError('UNAUTHORIZED', 'Unknown driver token');
  const offered = offer ? (await repos.services.findById(offer.serviceId))?.service : undefined;
  return stateOf(
    driver,
    offer && offered ? { offer, service: offered } : undefined,
    active,
    serverTime,
  );
}

function stateOf(
  driver: DriverRow,
  pending:
    | {
        offer: DispatchOfferRow;
        service: ServiceRow;
      }
    | undefined,
  active: ServiceRow | undefined,
  serverTime: Date,
): DriverState {
  const body: Omit<DriverState, 'version' | 'serverTime'> = {
    driver: {
      id: driver.id,
      name: driver.name,
      vehicleType: driver.vehicleType,
      branch: driver.branch,
      online: driver.online,
      busy: driver.status === 'busy',
      lastPositionAt: driver.lastSeenAt?.toISOString() ?? null,
    },
    offer: pending
      ? {
          id: pending.offer.id,
          serviceId: pending.offer.serviceId,
          offeredAt: pending.offer.offeredAt.toISOString(),
          expiresAt: pending.offer.expiresAt.toISOString(),
          service: {
            serviceNumber: pending.service.serviceNumber,
            situation: pending.service.situation,
            serviceType: serviceTypeOf(pending.service),
            address: addressOf(pending.service),
            lat: pending.service.situationLat ?? 0,
            lng: pending.service.situationLng ?? 0,
            distanceMeters: pending.offer.distanceMeters,
            etaSeconds: pending.offer.etaSeconds,
            schedule: pending.service.schedule?.toISOString() ?? null,
            notes: clientNoteText(pending.service.notes),
          },
        }
      : null,
    trip: active ? tripOf(active) : null,
  };
  const version = createHash('sha256')
    .update(JSON.stringify(body))
    .digest('base64url')
    .slice(0, 16);
  return { version, serverTime: serverTime.toISOString(), ...body };
}
