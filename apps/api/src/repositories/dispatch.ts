import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dispatchOffers, drivers, services } from '../db/schema.ts';
import type { DriverRow } from './drivers.ts';
import {
  notifyDriverChange,
  type CommittedServiceChange,
  type ServiceChange,
  type ServiceRow,
  type ServiceWritePath,
} from './service-writes.ts';

// The dispatch engine's tables (docs/decisions/760): which service is due, which driver may get it,
// its offers. Every change of a service goes through the service write path (decision 204), in the
// lock order service -> offer -> driver, so that two dispatchers and the drivers' answers never
// wait on each other in a cycle. Dispatchers skip locked rows: two processes never take one
// service or one driver at the same time.

export type DispatchOfferRow = typeof dispatchOffers.$inferSelect;

/** A driver dispatch may offer the service to, ranked by the caller. */
export interface RankedCandidate {
  driverId: string;
  etaSeconds: number;
  distanceMeters: number;
}

/** What dispatch decides for one due service. */
export interface DispatchPlan {
  /** Drivers to try, best first (the first one not taken meanwhile gets the offer). */
  ranked: RankedCandidate[];
  /** The change of an offer to this driver (its `offered` event). */
  offered: (candidate: RankedCandidate) => ServiceChange;
  /** The change when nobody could get the offer (the retry time, a `queued` event the first time). */
  nobody: () => ServiceChange;
  /** How long the driver has to answer. */
  offerDurationMs: number;
}

export type DispatchOutcome = 'offered' | 'waiting' | 'taken';

/** An answer to an offer, decided on the locked rows; throws to refuse (nothing written). */
export type OfferAnswer = (input: {
  offer: DispatchOfferRow;
  service: ServiceRow;
  driver: DriverRow;
}) => { state: 'accepted' | 'rejected' | 'expired'; change: ServiceChange };

/** Offer states that keep a driver from being offered the same service again. */
const ANSWERED_STATES = ['accepted', 'rejected', 'expired'] as const;

export interface DispatchRepository {
  /** The database's clock (one reading per tick: every process agrees on it). */
  databaseNow(): Promise<Date>;
  /** Ids of pending offers past their expiry (oldest first). */
  listExpiredOffers(now: Date, limit: number): Promise<string[]>;
  /**
   * Takes the most overdue service waiting for dispatch (FOR NO KEY UPDATE SKIP LOCKED), lists the
   * drivers that may get it (`candidates` filters and ranks them) and offers it to the first one it
   * can lock (SKIP LOCKED), or applies `nobody`. Undefined when no service is due.
   */
  dispatchNext(
    now: Date,
    plan: (service: ServiceRow, candidates: DriverRow[]) => DispatchPlan,
    vehicleTypesFor: (situation: string) => readonly string[],
  ): Promise<DispatchOutcome | undefined>;
  findOffer(offerId: string): Promise<DispatchOfferRow | undefined>;
  /** The driver's pending offer, if any. */
  findPendingOfferOf(driverId: string): Promise<DispatchOfferRow | undefined>;
  /**
   * Answers an offer on the locked service, offer and driver rows (`answer` decides, or throws).
   * Undefined when the offer does not exist.
   */
  answerOffer(
    offerId: string,
    answer: OfferAnswer,
  ): Promise<{ offer: DispatchOfferRow; change: CommittedServiceChange } | undefined>;
  /**
   * Records that `driverId` served `serviceId` and gave it back: dispatch never offers it to them
   * again. Inside the write path's transaction `tx`.
   */
  excludeDriver(tx: Db, serviceId: string, driverId: string, now: Date): Promise<void>;
  /** Switches the driver's availability for offers; wakes their app. */
  setOnline(driverId: string, online: boolean): Promise<void>;
}

export function createDispatchRepository(db: Db, writes: ServiceWritePath): DispatchRepository {
  const pendingOfferOfDriver = sql`exists (select 1 from ${dispatchOffers} o where o.driver_id = ${drivers.id} and o.state = 'pending')`;

  return {
    databaseNow: async () => {
      const [row] = await db
        .select({ ms: sql<number | string>`(extract(epoch from now()) * 1000)::float8` })
        .from(sql`(select 1) as clock`);
      if (!row) throw new Error('the database gave no time');
      return new Date(Number(row.ms));
    },

    listExpiredOffers: async (now, limit) =>
      (
        await db
          .select({ id: dispatchOffers.id })
          .from(dispatchOffers)
          .where(and(eq(dispatchOffers.state, 'pending'), lte(dispatchOffers.expiresAt, now)))
          .orderBy(asc(dispatchOffers.expiresAt))
          .limit(limit)
      ).map((row) => row.id),

    dispatchNext: (now, plan, vehicleTypesFor) =>
      writes.run(async ({ tx, apply }): Promise<DispatchOutcome | undefined> => {
        const [service] = await tx
          .select()
          .from(services)
          .where(
            and(
              eq(services.status, 'Queued'),
              isNull(services.driverId),
              isNotNull(services.dispatchAt),
              lte(services.dispatchAt, now),
              sql`not exists (select 1 from ${dispatchOffers} o where o.service_id = ${services.id} and o.state = 'pending')`,
            ),
          )
          .orderBy(asc(services.dispatchAt), asc(services.createdAt))
          // NO KEY UPDATE: a row another transaction only references (an event being inserted for
          // it) is not skipped; another dispatcher's lock, or a change of the service, is.
          .for('no key update', { skipLocked: true })
          .limit(1);
        if (!service) return undefined;
        const vehicleTypes = vehicleTypesFor(service.situation);
        const candidates =
          vehicleTypes.length === 0
            ? []
            : await tx
                .select()
                .from(drivers)
                .where(
                  and(
                    eq(drivers.branch, service.branch),
                    eq(drivers.online, true),
                    eq(drivers.status, 'available'),
                    isNotNull(drivers.lastLat),
                    isNotNull(drivers.lastLng),
                    inArray(drivers.vehicleType, [...vehicleTypes]),
                    sql`not ${pendingOfferOfDriver}`,
                    sql`not exists (select 1 from ${dispatchOffers} o where o.service_id = ${service.id} and o.driver_id = ${drivers.id} and o.state in (${sql.join(
                      ANSWERED_STATES.map((state) => sql`${state}`),
                      sql`, `,
                    )}))`,
                  ),
                );
        const decided = plan(service, candidates);
        for (const candidate of decided.ranked) {
          // The candidate list was read without locks: take the driver only when still free and
          // not being offered something by another dispatcher right now.
          const [driver] = await tx
            .select({ id: drivers.id })
            .from(drivers)
            .where(
              and(
                eq(drivers.id, candidate.driverId),
                eq(drivers.online, true),
                eq(drivers.status, 'available'),
                sql`not ${pendingOfferOfDriver}`,
              ),
            )
            .for('update', { skipLocked: true });
          if (!driver) continue;
          const offeredAt = now;
          await tx.insert(dispatchOffers).values({
            id: randomUUID(),
            serviceId: service.id,
            driverId: driver.id,
            state: 'pending',
            etaSeconds: Math.round(candidate.etaSeconds),
            distanceMeters: Math.round(candidate.distanceMeters),
            offeredAt,
            expiresAt: new Date(offeredAt.getTime() + decided.offerDurationMs),
          });
          await apply(service, decided.offered(candidate));
          await notifyDriverChange(tx, driver.id);
          return 'offered';
        }
        await apply(service, decided.nobody());
        return 'waiting';
      }),

    findOffer: async (offerId) =>
      (await db.select().from(dispatchOffers).where(eq(dispatchOffers.id, offerId)).limit(1))[0],

    findPendingOfferOf: async (driverId) =>
      (
        await db
          .select()
          .from(dispatchOffers)
          .where(and(eq(dispatchOffers.driverId, driverId), eq(dispatchOffers.state, 'pending')))
          .limit(1)
      )[0],

    answerOffer: (offerId, answer) =>
      writes.run(async ({ tx, lock, apply }) => {
        const [known] = await tx
          .select({ serviceId: dispatchOffers.serviceId })
          .from(dispatchOffers)
          .where(eq(dispatchOffers.id, offerId))
          .limit(1);
        if (!known) return undefined;
        // Lock order: the service, then the offer, then the driver.
        const service = await lock(known.serviceId);
        const [offer] = await tx
          .select()
          .from(dispatchOffers)
          .where(eq(dispatchOffers.id, offerId))
          .for('update');
        if (!service || !offer) return undefined;
        const [driver] = await tx
          .select()
          .from(drivers)
          .where(eq(drivers.id, offer.driverId))
          .for('update');
        if (!driver) return undefined;
        const decided = answer({ offer, service, driver });
        const [updated] = await tx
          .update(dispatchOffers)
          .set({ state: decided.state, answeredAt: sql`now()` })
          .where(eq(dispatchOffers.id, offerId))
          .returning();
        const change = await apply(service, decided.change);
        await notifyDriverChange(tx, offer.driverId);
        return { offer: updated ?? offer, change };
      }),

    excludeDriver: async (tx, serviceId, driverId, now) => {
      const [served] = await tx
        .select({ id: dispatchOffers.id })
        .from(dispatchOffers)
        .where(
          and(
            eq(dispatchOffers.serviceId, serviceId),
            eq(dispatchOffers.driverId, driverId),
            ne(dispatchOffers.state, 'withdrawn'),
          ),
        )
        .limit(1);
      if (served) return;
      // Assigned without an offer (the demo's direct assignment): a closed offer records it.
      await tx.insert(dispatchOffers).values({
        id: randomUUID(),
        serviceId,
        driverId,
        state: 'rejected',
        etaSeconds: 0,
        distanceMeters: 0,
        offeredAt: now,
        expiresAt: now,
        answeredAt: now,
      });
    },

    setOnline: async (driverId, online) => {
      await db.transaction(async (tx) => {
        await tx.update(drivers).set({ online }).where(eq(drivers.id, driverId));
        await notifyDriverChange(tx, driverId);
      });
    },
  };
}
