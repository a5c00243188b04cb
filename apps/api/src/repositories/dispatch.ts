import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dispatchOffers, drivers, services } from '../db/schema.ts';
import type { DriverRow } from './drivers.ts';
import {
  dispatchBranchNow,
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

/**
 * A driver who may get the service: online, free, without a pending offer, in its branch, with a
 * vehicle that fits, and who never took it and gave it back. `declinedAt`: when they last rejected
 * it or let its offer expire; null when never offered it.
 */
export type DispatchCandidate = DriverRow & { declinedAt: Date | null };

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

/**
 * An answer to an offer, decided on the locked rows; throws to refuse (nothing written). `at`: when
 * it was answered, in the clock of the engine's ticks (a re-offer waits from then).
 */
export type OfferAnswer = (input: {
  offer: DispatchOfferRow;
  service: ServiceRow;
  driver: DriverRow;
}) => { state: 'accepted' | 'rejected' | 'expired'; at: Date; change: ServiceChange };

/** Offer states that say a driver did not take the service (they may be offered it again later). */
const DECLINED_STATES = ['rejected', 'expired'] as const;

export interface DispatchRepository {
  /** The database's clock (one reading per tick: every process agrees on it). */
  databaseNow(): Promise<Date>;
  /** Ids of pending offers past their expiry (oldest first). */
  listExpiredOffers(now: Date, limit: number): Promise<string[]>;
  /**
   * Takes the most overdue service waiting for dispatch (FOR NO KEY UPDATE SKIP LOCKED), lists the
   * drivers that may get it (`plan` chooses and ranks them) and offers it to the first one it can
   * lock (SKIP LOCKED), or applies `nobody`. Undefined when no service is due.
   */
  dispatchNext(
    now: Date,
    plan: (service: ServiceRow, candidates: DispatchCandidate[]) => DispatchPlan,
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
   * Records that `driverId` served `serviceId` and gave it back (an accepted offer): dispatch never
   * offers it to them again. Inside the write path's transaction `tx`.
   */
  excludeDriver(tx: Db, serviceId: string, driverId: string, now: Date): Promise<void>;
  /**
   * The driver takes offers: online, and available unless an Active service is theirs (a status
   * left busy or offline by anything else would keep every offer away). The services of the
   * branch waiting out a backoff become due now. Wakes their app.
   */
  goOnline(driverId: string): Promise<void>;
  /**
   * The driver takes no more offers: offline first, then their pending offer (if any) closed as
   * rejected with `reject`'s change, in one transaction, so that no offer made meanwhile stays
   * pending. Wakes their app.
   */
  goOffline(
    driverId: string,
    now: Date,
    reject: (offer: DispatchOfferRow, service: ServiceRow) => ServiceChange,
  ): Promise<void>;
}

/** A transaction of goOffline that must start again (an offer came in while it ran). */
const OFFER_CAME_IN = new Error('an offer came in while going offline');

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
        const candidates: DispatchCandidate[] =
          vehicleTypes.length === 0
            ? []
            : await tx
                .select({
                  ...getTableColumns(drivers),
                  // Qualified by hand: a column in a select list of one table renders unqualified.
                  declinedAt:
                    sql`(select max(o.answered_at) from ${dispatchOffers} o where o.service_id = ${service.id} and o.driver_id = ${drivers}.id and o.state in (${sql.join(
                      DECLINED_STATES.map((state) => sql`${state}`),
                      sql`, `,
                    )}))`.mapWith(dispatchOffers.answeredAt),
                })
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
                    // Took it and gave it back: never again.
                    sql`not exists (select 1 from ${dispatchOffers} o where o.service_id = ${service.id} and o.driver_id = ${drivers.id} and o.state = 'accepted')`,
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
          .set({ state: decided.state, answeredAt: decided.at })
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
            eq(dispatchOffers.state, 'accepted'),
          ),
        )
        .limit(1);
      if (served) return;
      // Assigned without an offer (the direct assignment of tests and benchmarks): a closed
      // accepted offer records it.
      await tx.insert(dispatchOffers).values({
        id: randomUUID(),
        serviceId,
        driverId,
        state: 'accepted',
        etaSeconds: 0,
        distanceMeters: 0,
        offeredAt: now,
        expiresAt: now,
        answeredAt: now,
      });
    },

    goOnline: async (driverId) => {
      await db.transaction(async (tx) => {
        // The driver row first: its status is decided on the Active services read after the lock.
        const [locked] = await tx
          .select({ id: drivers.id })
          .from(drivers)
          .where(eq(drivers.id, driverId))
          .for('update');
        if (!locked) return;
        const [working] = await tx
          .select({ id: services.id })
          .from(services)
          .where(and(eq(services.driverId, driverId), eq(services.status, 'Active')))
          .limit(1);
        await tx
          .update(drivers)
          .set(
            working
              ? { online: true }
              : { online: true, status: 'available', pendingSituation: null },
          )
          .where(eq(drivers.id, driverId));
        await dispatchBranchNow(tx, driverId);
        await notifyDriverChange(tx, driverId);
      });
    },

    goOffline: async (driverId, now, reject) => {
      // Lock order service -> offer -> driver: the pending offer's service and the offer are
      // locked before the driver row goes offline. An offer made between the first read and the
      // driver's lock (another dispatcher held the driver) makes the transaction start again; once
      // offline, no further offer can come, so this ends.
      for (;;) {
        const done = await writes
          .run(async ({ tx, lock, apply }) => {
            const [seen] = await tx
              .select({ id: dispatchOffers.id, serviceId: dispatchOffers.serviceId })
              .from(dispatchOffers)
              .where(
                and(eq(dispatchOffers.driverId, driverId), eq(dispatchOffers.state, 'pending')),
              )
              .limit(1);
            const service = seen ? await lock(seen.serviceId) : undefined;
            const [offer] = seen
              ? await tx
                  .select()
                  .from(dispatchOffers)
                  .where(eq(dispatchOffers.id, seen.id))
                  .for('update')
              : [];
            await tx.update(drivers).set({ online: false }).where(eq(drivers.id, driverId));
            await notifyDriverChange(tx, driverId);
            if (service && offer?.state === 'pending') {
              // One pending offer per driver (unique index): none other can exist.
              await tx
                .update(dispatchOffers)
                .set({ state: 'rejected', answeredAt: now })
                .where(eq(dispatchOffers.id, offer.id));
              await apply(service, reject(offer, service));
              return true;
            }
            const [other] = await tx
              .select({ id: dispatchOffers.id })
              .from(dispatchOffers)
              .where(
                and(eq(dispatchOffers.driverId, driverId), eq(dispatchOffers.state, 'pending')),
              )
              .limit(1);
            if (other) throw OFFER_CAME_IN;
            return true;
          })
          .catch((error: unknown) => {
            if (error === OFFER_CAME_IN) return false;
            throw error;
          });
        if (done) return;
      }
    },
  };
}
