import { OPEN_SERVICE_STATUSES } from '@auxilio/domain';
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, dispatchOffers, drivers, messages, services } from '../db/schema.ts';
import type { AuditRow, NewAuditRow } from './audit-log.ts';
import type { DispatchOfferRow } from './dispatch.ts';
import { createDispatcherBoardRepository, type BoardServiceRecord } from './dispatcher-board.ts';
import type { DriverRow } from './drivers.ts';
import {
  dispatchBranchNow,
  notifyDriverChange,
  type ServiceChange,
  type ServiceRow,
  type ServiceWritePath,
} from './service-writes.ts';

// What a dispatcher does at the console (docs/decisions/762), in SQL: one service of any status as
// a board record, the drivers the engine would offer a service to, the audit lines a scope may
// read, and the direct assignment, which locks its rows in the dispatch engine's order (services
// in id order -> offers -> drivers in id order) and writes them with its audit line in one
// transaction.

/** The rows an assignment is decided on, all locked until the transaction ends. */
export interface AssignmentRows {
  service: ServiceRow;
  driver: DriverRow;
  /** The driver working the service now (a reassignment), if any. */
  previousDriver: DriverRow | undefined;
  /** The chosen driver's pending offer of another service, if any (it is withdrawn). */
  otherOffer: DispatchOfferRow | undefined;
  /** An open service other than this one that the chosen driver works, if any. */
  busyWith: string | undefined;
}

/** What an assignment writes: the service's change (the chosen driver's patch in it) and its audit. */
export interface AssignmentPlan {
  change: ServiceChange;
  audit: NewAuditRow;
}

/**
 * `contended`: the rows kept changing under the assignment (the engine offered the driver another
 * service each time, or PostgreSQL broke a lock cycle) and it gave up, writing nothing.
 */
export type AssignmentOutcome = 'assigned' | 'unchanged' | 'contended';

export interface DispatcherActionsRepository {
  /** One service as a board record, whatever its status; undefined when there is none. */
  findServiceRecord(serviceId: string): Promise<BoardServiceRecord | undefined>;
  /**
   * Drivers dispatch would offer `service` to: online, available, without a pending offer, with a
   * position, in the service's branch (only when it is among `branches`), with one of the
   * vehicles, and who never took this service and gave it back.
   */
  listSuggestionCandidates(
    service: Pick<ServiceRow, 'id' | 'branch'>,
    vehicleTypes: readonly string[],
    branches: readonly string[],
  ): Promise<DriverRow[]>;
  /**
   * Locks the service (undefined when there is none), the pending offers of the service and of the
   * driver, and the drivers (undefined when the driver does not exist); `decide` refuses by
   * throwing, keeps everything with 'keep', or plans the change. The plan is written with the
   * offers withdrawn, the previous driver freed and the audit line, in this one transaction.
   */
  assign(
    serviceId: string,
    driverId: string,
    decide: (rows: AssignmentRows) => AssignmentPlan | 'keep',
  ): Promise<AssignmentOutcome | undefined>;
  /**
   * Audit lines newest first: those of services matching `inScope` (an SQL condition on
   * `services`), and those without a service written by `dispatcherId`.
   */
  listAudit(input: {
    inScope: SQL;
    dispatcherId: string;
    serviceId?: string;
    beforeId?: number;
    limit: number;
  }): Promise<AuditRow[]>;
  /** When an outbox message was queued; undefined when there is no such message. */
  messageQueuedAt(messageId: string): Promise<Date | undefined>;
}

/** Times an assignment starts again when its rows moved under it before it gives up. */
const ASSIGNMENT_ATTEMPTS = 3;

/**
 * The engine offered the chosen driver another service between the first read of their offers and
 * the lock of their row: that service must be locked first, so the transaction starts again.
 */
const OFFERS_MOVED = new Error("the driver's pending offers changed while locking");

/** PostgreSQL ended the transaction to break a lock cycle (deadlock_detected). */
function isDeadlock(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '40P01') return true;
  }
  return false;
}

export function createDispatcherActionsRepository(
  db: Db,
  writes: ServiceWritePath,
): DispatcherActionsRepository {
  const board = createDispatcherBoardRepository(db);

  const lockDriver = async (tx: Db, id: string): Promise<DriverRow | undefined> =>
    (await tx.select().from(drivers).where(eq(drivers.id, id)).for('update'))[0];

  /** The driver's pending offer of a service other than `serviceId`, read without a lock. */
  const otherOfferOf = async (tx: Db, driverId: string, serviceId: string) =>
    (
      await tx
        .select({ id: dispatchOffers.id, serviceId: dispatchOffers.serviceId })
        .from(dispatchOffers)
        .where(
          and(
            eq(dispatchOffers.driverId, driverId),
            eq(dispatchOffers.state, 'pending'),
            ne(dispatchOffers.serviceId, serviceId),
          ),
        )
        .limit(1)
    )[0];

  const assignOnce = (
    serviceId: string,
    driverId: string,
    decide: (rows: AssignmentRows) => AssignmentPlan | 'keep',
  ) =>
    writes.run(async ({ tx, lock, apply }): Promise<AssignmentOutcome | undefined> => {
      // The chosen driver's offer of another service: both services are locked before any offer,
      // as the engine and the drivers' answers lock them, and in id order, so that two
      // assignments taking each other's offered driver never wait on each other in a cycle.
      const seen = await otherOfferOf(tx, driverId, serviceId);
      const lockedServices = new Map<string, ServiceRow>();
      for (const id of [serviceId, seen?.serviceId].filter((v) => v !== undefined).sort()) {
        const row = await lock(id);
        if (row) lockedServices.set(id, row);
      }
      const service = lockedServices.get(serviceId);
      if (!service) return undefined;
      const otherService = seen ? lockedServices.get(seen.serviceId) : undefined;
      const pending = await tx
        .select()
        .from(dispatchOffers)
        .where(
          and(
            eq(dispatchOffers.state, 'pending'),
            or(eq(dispatchOffers.serviceId, serviceId), eq(dispatchOffers.driverId, driverId)),
          ),
        )
        .orderBy(dispatchOffers.id)
        .for('update');
      const otherOffer = pending.find(
        (offer) => offer.driverId === driverId && offer.serviceId !== serviceId,
      );
      // Drivers in id order, so two assignments of the same pair never wait on each other.
      const driverIds = [driverId, service.driverId]
        .filter((id): id is string => id !== null)
        .sort();
      const locked = new Map<string, DriverRow>();
      for (const id of new Set(driverIds)) {
        const row = await lockDriver(tx, id);
        if (row) locked.set(id, row);
      }
      const driver = locked.get(driverId);
      if (!driver) return undefined;
      // The engine offers only a driver it can lock: with the row locked, no offer can come any
      // more. One made before the lock, of a service this transaction does not hold, would keep
      // the driver offered something while given this trip: start again, locking that service.
      const offeredNow = await otherOfferOf(tx, driverId, serviceId);
      if (offeredNow && offeredNow.id !== otherOffer?.id) throw OFFERS_MOVED;
      const [busy] = await tx
        .select({ id: services.id })
        .from(services)
        .where(
          and(
            eq(services.driverId, driverId),
            inArray(services.status, [...OPEN_SERVICE_STATUSES]),
            ne(services.id, serviceId),
          ),
        )
        .limit(1);
      const previousDriver =
        service.driverId !== null && service.driverId !== driverId
          ? locked.get(service.driverId)
          : undefined;
      const plan = decide({ service, driver, previousDriver, otherOffer, busyWith: busy?.id });
      if (plan === 'keep') return 'unchanged';

      const withdrawnIds = pending
        .filter((offer) => offer.serviceId === serviceId || offer === otherOffer)
        .map((offer) => offer.id);
      if (withdrawnIds.length > 0) {
        const withdrawn = await tx
          .update(dispatchOffers)
          .set({ state: 'withdrawn', answeredAt: sql`now()` })
          .where(inArray(dispatchOffers.id, withdrawnIds))
          .returning({ driverId: dispatchOffers.driverId });
        for (const offer of withdrawn) await notifyDriverChange(tx, offer.driverId);
      }
      // The other service lost its driver-to-be: dispatch looks for another one at once.
      if (otherOffer && otherService) {
        await apply(otherService, {
          patch: { dispatchAt: new Date() },
          events: [
            {
              type: 'dispatch',
              payload: {
                step: 'withdrawn',
                driverId: otherOffer.driverId,
                at: new Date().toISOString(),
              },
            },
          ],
        });
      }
      await apply(service, plan.change);
      if (previousDriver) {
        await tx
          .update(drivers)
          .set({ status: 'available', pendingSituation: null })
          .where(eq(drivers.id, previousDriver.id));
        await dispatchBranchNow(tx, previousDriver.id);
        await notifyDriverChange(tx, previousDriver.id);
      }
      await tx.insert(auditLog).values(plan.audit);
      return 'assigned';
    });

  return {
    findServiceRecord: async (serviceId) =>
      (await board.listServices(sql`true`, [serviceId], { open: false }))[0],

    listSuggestionCandidates: async (service, vehicleTypes, branches) => {
      if (vehicleTypes.length === 0 || !branches.includes(service.branch)) return [];
      return db
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
            sql`not exists (select 1 from ${dispatchOffers} o where o.driver_id = ${drivers.id} and o.state = 'pending')`,
            // Took it and gave it back: never again, as the engine rules (docs/decisions/760).
            sql`not exists (select 1 from ${dispatchOffers} o where o.service_id = ${service.id} and o.driver_id = ${drivers.id} and o.state = 'accepted')`,
          ),
        );
    },

    assign: async (serviceId, driverId, decide) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await assignOnce(serviceId, driverId, decide);
        } catch (error) {
          if (error !== OFFERS_MOVED && !isDeadlock(error)) throw error;
          if (attempt === ASSIGNMENT_ATTEMPTS) return 'contended';
        }
      }
    },

    listAudit: ({ inScope, dispatcherId, serviceId, beforeId, limit }) =>
      db
        .select(getAuditColumns())
        .from(auditLog)
        .leftJoin(services, eq(services.id, auditLog.serviceId))
        .where(
          and(
            or(
              and(isNotNull(auditLog.serviceId), inScope),
              and(isNull(auditLog.serviceId), eq(auditLog.dispatcherId, dispatcherId)),
            ),
            serviceId === undefined ? undefined : eq(auditLog.serviceId, serviceId),
            beforeId === undefined ? undefined : lt(auditLog.id, beforeId),
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(limit),

    messageQueuedAt: async (messageId) =>
      (
        await db
          .select({ createdAt: messages.createdAt })
          .from(messages)
          .where(eq(messages.id, messageId))
          .limit(1)
      )[0]?.createdAt,
  };
}

function getAuditColumns() {
  return {
    id: auditLog.id,
    at: auditLog.at,
    dispatcherId: auditLog.dispatcherId,
    dispatcherName: auditLog.dispatcherName,
    action: auditLog.action,
    serviceId: auditLog.serviceId,
    driverId: auditLog.driverId,
    reason: auditLog.reason,
    before: auditLog.before,
    after: auditLog.after,
  };
}
