import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dispatchOffers, drivers, services } from '../db/schema.ts';
import type { DriverPatch, ServiceRow } from './service-writes.ts';

// The drivers of the dispatch (ARCHITECTURE decision 8): their tokens, positions and the services
// they work. A change of a service that takes, frees or moves its driver is written by the services
// repository (`change`, `assignNextQueued`) together with the driver's row.

export type DriverRow = typeof drivers.$inferSelect;
export type { DriverPatch } from './service-writes.ts';

export interface DriversRepository {
  listAll(): Promise<DriverRow[]>;
  findById(id: string): Promise<DriverRow | undefined>;
  findByTokenHash(tokenHash: string): Promise<DriverRow | undefined>;
  /** Available drivers of a branch that have reported a position (suggestion candidates). */
  listAvailableWithPosition(branch: string): Promise<DriverRow[]>;
  setTokenHash(id: string, tokenHash: string): Promise<boolean>;
  updateDriver(id: string, patch: DriverPatch): Promise<void>;
  /** Active services whose driver is set. */
  listAssignedActive(): Promise<ServiceRow[]>;
  /** Ids of drivers with a pending offer or an Active service (the simulator's work list). */
  listWithOfferOrTrip(): Promise<string[]>;
  /** The driver's current Active service, if any. */
  findActiveServiceOf(driverId: string): Promise<ServiceRow | undefined>;
  /**
   * True when an Active service of this driver has `tokenHash` as its bearer token hash (decision
   * 415). Found through services_driver_id_idx, among that driver's services.
   */
  isServingTokenHash(driverId: string, tokenHash: string): Promise<boolean>;
}

export function createDriversRepository(db: Db): DriversRepository {
  return {
    listAll: () => db.select().from(drivers).orderBy(asc(drivers.branch), asc(drivers.id)),

    findById: async (id) => (await db.select().from(drivers).where(eq(drivers.id, id)).limit(1))[0],

    findByTokenHash: async (tokenHash) =>
      (await db.select().from(drivers).where(eq(drivers.tokenHash, tokenHash)).limit(1))[0],

    listAvailableWithPosition: (branch) =>
      db
        .select()
        .from(drivers)
        .where(
          and(
            eq(drivers.branch, branch),
            eq(drivers.status, 'available'),
            isNotNull(drivers.lastLat),
            isNotNull(drivers.lastLng),
          ),
        ),

    setTokenHash: async (id, tokenHash) => {
      const rows = await db
        .update(drivers)
        .set({ tokenHash })
        .where(eq(drivers.id, id))
        .returning({ id: drivers.id });
      return rows.length > 0;
    },

    updateDriver: async (id, patch) => {
      await db.update(drivers).set(patch).where(eq(drivers.id, id));
    },

    listAssignedActive: () =>
      db
        .select()
        .from(services)
        .where(and(eq(services.status, 'Active'), isNotNull(services.driverId)))
        .orderBy(asc(services.createdAt)),

    listWithOfferOrTrip: async () => {
      const [offered, working] = await Promise.all([
        db
          .select({ id: dispatchOffers.driverId })
          .from(dispatchOffers)
          .where(eq(dispatchOffers.state, 'pending')),
        db
          .select({ id: services.driverId })
          .from(services)
          .where(and(eq(services.status, 'Active'), isNotNull(services.driverId))),
      ]);
      const ids = [...offered, ...working].map((row) => row.id);
      return [...new Set(ids.filter((id): id is string => id !== null))].sort();
    },

    findActiveServiceOf: async (driverId) =>
      (
        await db
          .select()
          .from(services)
          .where(and(eq(services.driverId, driverId), eq(services.status, 'Active')))
          .orderBy(asc(services.createdAt))
          .limit(1)
      )[0],

    isServingTokenHash: async (driverId, tokenHash) => {
      const rows = await db
        .select({ id: services.id })
        .from(services)
        .where(
          and(
            eq(services.driverId, driverId),
            eq(services.status, 'Active'),
            eq(services.tokenHash, tokenHash),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
