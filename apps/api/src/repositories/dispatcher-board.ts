import { OPEN_SERVICE_STATUSES } from '@auxilio/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { dispatchOffers, drivers, services } from '../db/schema.ts';

// The dispatcher's board (docs/decisions/762): open services in a scope with their driver and the
// driver being offered each one (the same record, of any status, for a service's detail), and the
// drivers of some branches with the service they work. One query each, filtered in SQL, so that a
// board of thousands of rows costs one round trip.

const offerDriver = alias(drivers, 'offer_driver');

export interface BoardServiceRecord {
  id: string;
  serviceNumber: number;
  accountId: string;
  brand: string | null;
  branch: string;
  situation: string;
  serviceType: string;
  status: string;
  tripStatus: string | null;
  createdAt: Date;
  schedule: Date | null;
  driverEtaSeconds: number | null;
  situationAddress: string | null;
  situationPrettyAddress: string | null;
  situationLat: number | null;
  situationLng: number | null;
  driverId: string | null;
  driverName: string | null;
  offeredToId: string | null;
  offeredToName: string | null;
  dispatchAttempts: number;
  updatedAt: Date;
}

export interface BoardDriverRecord {
  id: string;
  name: string;
  branch: string;
  vehicleType: string;
  online: boolean;
  status: string;
  lastLat: number | null;
  lastLng: number | null;
  lastSeenAt: Date | null;
  /** The open service the driver works (any scope: the caller hides it when out of scope). */
  serviceId: string | null;
  serviceNumber: number | null;
  serviceAccountId: string | null;
  serviceBrand: string | null;
  serviceBranch: string | null;
}

/** Which services `listServices` reads besides the scope and the ids. */
export interface ListServicesOptions {
  /** Only the open ones, those of the board (the default); false: any status (a service's detail). */
  open?: boolean;
}

export interface DispatcherBoardRepository {
  /**
   * Services matching `inScope` (an SQL condition on `services`), only those of `ids` when given,
   * newest first; only the open ones unless `options.open` is false.
   */
  listServices(
    inScope: SQL,
    ids?: readonly string[],
    options?: ListServicesOptions,
  ): Promise<BoardServiceRecord[]>;
  /** Drivers of the branches, by name. */
  listDrivers(branches: readonly string[]): Promise<BoardDriverRecord[]>;
}

export function createDispatcherBoardRepository(db: Db): DispatcherBoardRepository {
  return {
    async listServices(inScope, ids, { open = true } = {}) {
      if (ids?.length === 0) return [];
      return db
        .select({
          id: services.id,
          serviceNumber: services.serviceNumber,
          accountId: services.accountId,
          brand: services.brand,
          branch: services.branch,
          situation: services.situation,
          serviceType: services.serviceType,
          status: services.status,
          tripStatus: services.tripStatus,
          createdAt: services.createdAt,
          schedule: services.schedule,
          driverEtaSeconds: services.driverEtaSeconds,
          situationAddress: services.situationAddress,
          situationPrettyAddress: services.situationPrettyAddress,
          situationLat: services.situationLat,
          situationLng: services.situationLng,
          driverId: services.driverId,
          driverName: drivers.name,
          offeredToId: dispatchOffers.driverId,
          offeredToName: offerDriver.name,
          dispatchAttempts: services.dispatchAttempts,
          updatedAt: services.updatedAt,
        })
        .from(services)
        .leftJoin(drivers, eq(drivers.id, services.driverId))
        .leftJoin(
          dispatchOffers,
          and(eq(dispatchOffers.serviceId, services.id), eq(dispatchOffers.state, 'pending')),
        )
        .leftJoin(offerDriver, eq(offerDriver.id, dispatchOffers.driverId))
        .where(
          and(
            open ? inArray(services.status, [...OPEN_SERVICE_STATUSES]) : undefined,
            inScope,
            ids === undefined ? undefined : inArray(services.id, [...ids]),
          ),
        )
        .orderBy(sql`${services.createdAt} desc`);
    },
    async listDrivers(branches) {
      if (branches.length === 0) return [];
      return db
        .select({
          id: drivers.id,
          name: drivers.name,
          branch: drivers.branch,
          vehicleType: drivers.vehicleType,
          online: drivers.online,
          status: drivers.status,
          lastLat: drivers.lastLat,
          lastLng: drivers.lastLng,
          lastSeenAt: drivers.lastSeenAt,
          serviceId: services.id,
          serviceNumber: services.serviceNumber,
          serviceAccountId: services.accountId,
          serviceBrand: services.brand,
          serviceBranch: services.branch,
        })
        .from(drivers)
        .leftJoin(
          services,
          and(
            eq(services.driverId, drivers.id),
            inArray(services.status, [...OPEN_SERVICE_STATUSES]),
          ),
        )
        .where(inArray(drivers.branch, [...branches]))
        .orderBy(drivers.name);
    },
  };
}
