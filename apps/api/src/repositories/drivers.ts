import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { dispatchOffers, drivers, services } from '../db/schema.ts';
import { DRIVER_CHANGES_CHANNEL } from './driver-changes.ts';
import type { DriverPatch, ServiceRow } from './service-writes.ts';

// The drivers of the dispatch (ARCHITECTURE decision 8): their tokens, positions and the services
// they work. A change of a service that takes, frees or moves its driver is written by the services
// repository (`change`, `assignNextQueued`) together with the driver's row.

export type DriverRow = typeof drivers.$inferSelect;
export type { DriverPatch } from './service-writes.ts';

/** A driver's position and its time, as written by `moveIfNewer`. */
export type DriverPosition = Omit<DriverPatch, 'status' | 'pendingSituation'> & {
  lastSeenAt: Date;
};

/** What `moveIfNewer` did: whether the driver moved, and the time of the position stored before. */
export interface PositionMove {
  /**
   * False when the driver's row is gone or holds another token (deleted, signed out or signed in
   * again since the token was checked): nothing was written.
   */
  found: boolean;
  moved: boolean;
  /** The stored position's time the new one was compared with (still stored when not moved). */
  storedAt: Date | null;
}

export interface DriversRepository {
  listAll(): Promise<DriverRow[]>;
  findById(id: string): Promise<DriverRow | undefined>;
  findByTokenHash(tokenHash: string): Promise<DriverRow | undefined>;
  /** Available drivers of a branch that have reported a position (suggestion candidates). */
  listAvailableWithPosition(branch: string): Promise<DriverRow[]>;
  setTokenHash(id: string, tokenHash: string): Promise<boolean>;
  /** Sets the token hash only when the driver has none (nobody signed in); true when set. */
  claimTokenHash(id: string, tokenHash: string): Promise<boolean>;
  /**
   * Moves the driver to `position` when their row still holds `tokenHash` and the position is newer
   * than their stored one (with `orSameInstant`, also when stored at the same instant), in one
   * statement, and wakes the driver's app on commit (their state shows the position's time). For a
   * driver without a trip under way.
   */
  moveIfNewer(
    id: string,
    tokenHash: string,
    position: DriverPosition,
    orSameInstant: boolean,
  ): Promise<PositionMove>;
  /** Active services whose driver is set. */
  listAssignedActive(): Promise<ServiceRow[]>;
  /**
   * Drivers with a pending offer or an Active service, by id, with their token hash (the
   * simulator's work list).
   */
  listWithOfferOrTrip(): Promise<{ id: string; tokenHash: string | null }[]>;
  /** The driver's current Active service, if any. */
  findActiveServiceOf(driverId: string): Promise<ServiceRow | undefined>;
  /**
   * True when an Active service of this driver has `tokenHash` as its bearer token hash (decision
   * 415). Found through services_driver_id_idx, among that driver's services.
   */
  isServingTokenHash(driverId: string, tokenHash: string): Promise<boolean>;
}

/** The driver's row as stored, read beside the one being moved (`moveIfNewer`). */
const storedDriver = alias(drivers, 'stored_driver');

export function createDriversRepository(db: Db): DriversRepository {
  // Every call of a driver's app looks the driver up by token, and every position looks up their
  // trip: prepared once, so the SQL of these two is not built again for each request.
  const byTokenHash = db
    .select()
    .from(drivers)
    .where(eq(drivers.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('driver_by_token_hash');
  const activeServiceOf = db
    .select()
    .from(services)
    .where(and(eq(services.driverId, sql.placeholder('driverId')), eq(services.status, 'Active')))
    .orderBy(asc(services.createdAt))
    .limit(1)
    .prepare('active_service_of_driver');
  return {
    listAll: () => db.select().from(drivers).orderBy(asc(drivers.branch), asc(drivers.id)),

    findById: async (id) => (await db.select().from(drivers).where(eq(drivers.id, id)).limit(1))[0],

    findByTokenHash: async (tokenHash) => (await byTokenHash.execute({ tokenHash }))[0],

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

    claimTokenHash: async (id, tokenHash) => {
      const rows = await db
        .update(drivers)
        .set({ tokenHash })
        .where(and(eq(drivers.id, id), isNull(drivers.tokenHash)))
        .returning({ id: drivers.id });
      return rows.length > 0;
    },

    moveIfNewer: async (id, tokenHash, position, orSameInstant) => {
      // The row is locked by the statement's own select, which reads it as stored once a move
      // being written beside this one has committed: the token and the new position are compared
      // with that, and its time is returned (an UPDATE returns only the new values).
      const stored = db
        .select({ id: storedDriver.id, at: storedDriver.lastSeenAt })
        .from(storedDriver)
        .where(and(eq(storedDriver.id, id), eq(storedDriver.tokenHash, tokenHash)))
        .for('update')
        .as('stored');
      const at = position.lastSeenAt;
      const [moved] = await db
        .update(drivers)
        .set(position)
        .from(stored)
        .where(
          and(
            eq(drivers.id, stored.id),
            or(isNull(stored.at), orSameInstant ? lte(stored.at, at) : lt(stored.at, at)),
          ),
        )
        .returning({
          storedAt: stored.at,
          woken: sql`pg_notify(${DRIVER_CHANGES_CHANNEL}, ${drivers.id})`,
        });
      if (moved) return { found: true, moved: true, storedAt: moved.storedAt };
      const [row] = await db
        .select({ at: drivers.lastSeenAt })
        .from(drivers)
        .where(and(eq(drivers.id, id), eq(drivers.tokenHash, tokenHash)));
      return { found: row !== undefined, moved: false, storedAt: row?.at ?? null };
    },

    listAssignedActive: () =>
      db
        .select()
        .from(services)
        .where(and(eq(services.status, 'Active'), isNotNull(services.driverId)))
        .orderBy(asc(services.createdAt)),

    listWithOfferOrTrip: () =>
      db
        .select({ id: drivers.id, tokenHash: drivers.tokenHash })
        .from(drivers)
        .where(
          or(
            sql`exists (select 1 from ${dispatchOffers} o where o.driver_id = ${drivers.id} and o.state = 'pending')`,
            sql`exists (select 1 from ${services} s where s.driver_id = ${drivers.id} and s.status = 'Active')`,
          ),
        )
        .orderBy(asc(drivers.id)),

    findActiveServiceOf: async (driverId) => (await activeServiceOf.execute({ driverId }))[0],

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
