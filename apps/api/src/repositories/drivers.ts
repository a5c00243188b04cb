import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dispatchOffers, drivers, services } from '../db/schema.ts';
import { notifyDriverChange, type DriverPatch, type ServiceRow } from './service-writes.ts';

// The drivers of the dispatch (ARCHITECTURE decision 8): their tokens, positions and the services
// they work. A change of a service that takes, frees or moves its driver is written by the services
// repository (`change`, `assignNextQueued`) together with the driver's row.

export type DriverRow = typeof drivers.$inferSelect;
export type { DriverPatch } from './service-writes.ts';

/** A position fix as the driver's phone took it. */
export interface TimedFix {
  lat: number;
  lng: number;
  heading?: number | null | undefined;
  accuracy?: number | null | undefined;
  /** When the phone took it. */
  at: Date;
}

/** What a batch of fixes changed: the fixes newer than the stored one, and the last fix's time. */
export interface RecordedFixes<F extends TimedFix> {
  newer: F[];
  lastSeenAt: Date | null;
}

/**
 * Keeps the newest of `fixes` (oldest first) as the driver's last position, on the driver row
 * locked in `tx`, when it is newer than the stored one: of two batches sent at once, the second
 * sees what the first stored, so no fix counts twice. Wakes the driver's app when it moved.
 */
export async function recordNewerFixes<F extends TimedFix>(
  tx: Db,
  driverId: string,
  fixes: readonly F[],
): Promise<RecordedFixes<F>> {
  const [locked] = await tx
    .select({ lastSeenAt: drivers.lastSeenAt })
    .from(drivers)
    .where(eq(drivers.id, driverId))
    .for('update');
  if (!locked) return { newer: [], lastSeenAt: null };
  const stored = locked.lastSeenAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const newer = fixes.filter((fix) => fix.at.getTime() > stored);
  const newest = newer.at(-1);
  if (!newest) return { newer, lastSeenAt: locked.lastSeenAt };
  const moved = await tx
    .update(drivers)
    .set({
      lastLat: newest.lat,
      lastLng: newest.lng,
      lastHeading: newest.heading ?? null,
      lastAccuracy: newest.accuracy ?? null,
      lastSeenAt: newest.at,
    })
    .where(
      and(
        eq(drivers.id, driverId),
        or(isNull(drivers.lastSeenAt), lt(drivers.lastSeenAt, newest.at)),
      ),
    )
    .returning({ id: drivers.id });
  if (moved.length === 0) return { newer: [], lastSeenAt: locked.lastSeenAt };
  await notifyDriverChange(tx, driverId);
  return { newer, lastSeenAt: newest.at };
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
  updateDriver(id: string, patch: DriverPatch): Promise<void>;
  /** recordNewerFixes in a transaction of its own (a driver without an Active service). */
  recordFixes<F extends TimedFix>(driverId: string, fixes: readonly F[]): Promise<RecordedFixes<F>>;
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

    updateDriver: async (id, patch) => {
      await db.update(drivers).set(patch).where(eq(drivers.id, id));
    },

    recordFixes: (driverId, fixes) => db.transaction((tx) => recordNewerFixes(tx, driverId, fixes)),

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
