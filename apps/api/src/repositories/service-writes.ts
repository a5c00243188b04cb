import type { ServiceHistoryEvent } from '@auxilio/domain';
import { and, asc, eq, getTableColumns, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { dispatchOffers, drivers, serviceEvents, services } from '../db/schema.ts';
import { serviceChanges } from '../lib/service-changes.ts';
import { DRIVER_CHANGES_CHANNEL } from './driver-changes.ts';
import {
  SERVICE_EVENTS_CHANNEL,
  serviceEventNotification,
  type ServiceEventRecord,
} from './service-events.ts';

// The one path of every write to a service (docs/decisions/204). A change locks the service row,
// sets its columns, moves its driver and appends its history events (ARCHITECTURE decision 3) in
// one transaction; nothing else in the API writes the `services` or `service_events` tables. After
// the commit the change is published twice: to other processes and to the service's event streams
// by the NOTIFY of each event (PostgreSQL delivers it only on commit, decision 220), and to the
// listeners of this process (status notifications, decision 451). A rollback publishes nothing.

export type ServiceRow = typeof services.$inferSelect;
export type NewServiceRow = typeof services.$inferInsert;
export type ServiceDriverRow = typeof drivers.$inferSelect;

/** Columns of a driver that a change of their service moves (busy, available, last position). */
export type DriverPatch = Partial<
  Pick<
    ServiceDriverRow,
    'status' | 'pendingSituation' | 'lastLat' | 'lastLng' | 'lastHeading' | 'lastAccuracy'
  >
> & { lastSeenAt?: Date };

/** What one change does to a service. */
export interface ServiceChange {
  /**
   * Columns to set (`updatedAt` is stamped with them). Absent: the row is left as it is, for a
   * change that only adds to the history (a tip, a note).
   */
  patch?: Partial<NewServiceRow>;
  /** Appended in this order, each with the next `seq` of the service. */
  events: readonly ServiceHistoryEvent[];
  /** The driver the change frees, takes or moves. */
  driver?: { id: string; patch: DriverPatch };
}

/** A change as written: the service after it and the events it appended. */
export interface CommittedServiceChange {
  service: ServiceRow;
  events: ServiceEventRecord[];
}

/**
 * Told of each change of this process after its transaction commits, in commit order. Runs on the
 * writer's path: it must return at once (start background work, never wait for it) and not throw.
 */
export type ServiceChangeListener = (change: CommittedServiceChange) => void;

/** The writes of one transaction of the path. */
export interface ServiceWriteTransaction {
  /** The transaction itself, for the rows that go with the change (a tip, a note, a claim). */
  tx: Db;
  /** Locks the service row until the transaction ends (FOR UPDATE); undefined when there is none. */
  lock: (serviceId: string) => Promise<ServiceRow | undefined>;
  /**
   * Locks the rows of these drivers until the transaction ends, in id order, as every writer of
   * several drivers locks them (a dispatcher's reassignment): an UPDATE alone would lock them in its
   * plan's order, and two writers could then wait on each other. Answers the rows found.
   */
  lockDrivers: (driverIds: readonly string[]) => Promise<ServiceDriverRow[]>;
  /**
   * Inserts a new service; undefined, with nothing written, when the id is already a service. Its
   * `created` event is then appended with `apply`, in this transaction, after the rows the service
   * needs first (its payment claim).
   */
  insert: (row: Omit<NewServiceRow, 'serviceNumber'>) => Promise<ServiceRow | undefined>;
  /** Applies `change` to a service locked in this transaction. */
  apply: (service: ServiceRow, change: ServiceChange) => Promise<CommittedServiceChange>;
  /**
   * Applies the changes of many services locked in this transaction, as `apply` would one by one,
   * in a few statements for all of them (docs/decisions/781): one update of the services, one of
   * their drivers, one insert of the events and one statement of notifications. A change that
   * takes a service out of the queue or frees its driver goes through `apply`. Each service and each
   * driver at most once; answers in the order of `changes`. The drivers the changes move must be
   * locked first with `lockDrivers` (it throws otherwise).
   */
  applyAll: (
    changes: readonly { service: ServiceRow; change: ServiceChange }[],
  ) => Promise<CommittedServiceChange[]>;
}

export interface ServiceWritePath {
  /**
   * Runs `work` in one transaction and, once it has committed, tells the listeners of each change
   * that appended events. When `work` throws, the transaction rolls back and nobody is told.
   */
  run: <T>(work: (write: ServiceWriteTransaction) => Promise<T>) => Promise<T>;
  /** Adds a listener of the changes this process commits; returns its removal. */
  onCommitted: (listener: ServiceChangeListener) => () => void;
}

/**
 * Appends one event to a service's history inside the transaction that made the change. The
 * service row is locked first, so two writers of one service take turns and never compute the same
 * `seq` (the unique (service_id, seq) index would refuse it anyway).
 */
async function appendEvent(
  tx: Db,
  serviceId: string,
  event: ServiceHistoryEvent,
): Promise<ServiceEventRecord> {
  await tx
    .select({ id: services.id })
    .from(services)
    .where(eq(services.id, serviceId))
    .for('update');
  const [row] = await tx
    .insert(serviceEvents)
    .values({
      serviceId,
      type: event.type,
      payload: { ...event.payload },
      seq: sql`(select coalesce(max(${serviceEvents.seq}), 0) + 1 from ${serviceEvents} where ${serviceEvents.serviceId} = ${serviceId})`,
    })
    .returning();
  if (!row) throw new Error(`no event row returned for service ${serviceId}`);
  // Until the NOTIFY comes back after the commit, this process reads the service from the table
  // (decision 480).
  serviceChanges.begin(serviceId);
  // Decision 220: PostgreSQL delivers a NOTIFY only when this transaction commits (never on
  // rollback); it carries the event when it fits (decision 782), and a listener that misses one
  // reads the table by seq.
  await tx.execute(
    sql`select pg_notify(${SERVICE_EVENTS_CHANNEL}, ${serviceEventNotification(row)})`,
  );
  return row;
}

async function appendEvents(
  tx: Db,
  serviceId: string,
  events: readonly ServiceHistoryEvent[],
): Promise<ServiceEventRecord[]> {
  const appended: ServiceEventRecord[] = [];
  for (const event of events) appended.push(await appendEvent(tx, serviceId, event));
  return appended;
}

/** Withdraws the service's pending offer, waking the driver's app (it shows the offer no more). */
async function withdrawPendingOffers(tx: Db, serviceId: string): Promise<void> {
  const withdrawn = await tx
    .update(dispatchOffers)
    .set({ state: 'withdrawn', answeredAt: sql`now()` })
    .where(and(eq(dispatchOffers.serviceId, serviceId), eq(dispatchOffers.state, 'pending')))
    .returning({ driverId: dispatchOffers.driverId });
  for (const { driverId } of withdrawn) await notifyDriverChange(tx, driverId);
}

/**
 * Wakes the driver's app on commit (its `GET /me` long poll, docs/decisions/760), in every process
 * that LISTENs; like the service events, delivered only when the transaction commits.
 */
export async function notifyDriverChange(tx: Db, driverId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${DRIVER_CHANGES_CHANNEL}, ${driverId})`);
}

/**
 * The services of the driver's branch that wait out a backoff (a search found nobody) become due
 * now: a driver just came online or became free, and may take one (docs/decisions/760). A service
 * not yet due for its schedule (no search yet) keeps its time; rows another transaction holds are
 * skipped, never waited for (that transaction is changing them anyway).
 */
export async function dispatchBranchNow(tx: Db, driverId: string): Promise<void> {
  const branch = tx
    .select({ branch: drivers.branch })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  const waiting = tx
    .select({ id: services.id })
    .from(services)
    .where(
      and(
        eq(services.branch, sql`(${branch})`),
        eq(services.status, 'Queued'),
        isNull(services.driverId),
        gt(services.dispatchAttempts, 0),
        gt(services.dispatchAt, sql`now()`),
      ),
    )
    .for('no key update', { skipLocked: true });
  await tx
    .update(services)
    .set({ dispatchAt: sql`now()` })
    .where(inArray(services.id, waiting));
}

/** Whether a change takes its service out of the queue (its pending offer is then withdrawn). */
function leavesQueue(service: ServiceRow, change: ServiceChange): boolean {
  return (
    change.patch?.status !== undefined &&
    change.patch.status !== 'Queued' &&
    service.status === 'Queued'
  );
}

/** The columns a patch sets (a key whose value is undefined sets nothing, as in drizzle's `set`). */
function setKeys(patch: object): string[] {
  return Object.entries(patch)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);
}

/**
 * The SET of one UPDATE that gives each row its own values: per column some patch sets,
 * `case when id = … then … else column end`. Values are bound through the column's own mapping.
 */
function setPerRow(
  columns: Record<string, AnyPgColumn>,
  id: AnyPgColumn,
  rows: readonly { id: string; patch: Record<string, unknown> }[],
): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const key of new Set(rows.flatMap((row) => setKeys(row.patch)))) {
    const column = columns[key];
    if (!column) throw new Error(`no column ${key}`);
    const cases = rows
      .filter((row) => row.patch[key] !== undefined)
      .map((row) => sql`when ${id} = ${row.id} then ${sql.param(row.patch[key], column)}`);
    set[key] = sql`case ${sql.join(cases, sql` `)} else ${column} end`;
  }
  return set;
}

/** Each row's own patch, in one UPDATE of `table` (of the services or of the drivers). */
async function updateEach(
  tx: Db,
  table: typeof services | typeof drivers,
  rows: readonly { id: string; patch: Record<string, unknown> }[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns: Record<string, AnyPgColumn> = getTableColumns(table);
  const ids = rows.map((row) => row.id);
  if (new Set(ids).size < ids.length) throw new Error('applyAll: a row changed twice');
  await tx
    .update(table)
    .set(setPerRow(columns, table.id, rows))
    .where(inArray(table.id, ids));
}

/**
 * The simple changes of `applyAll`, in four statements whatever their number: each service's
 * patch, each driver's patch, every event (numbered after its service's last), every NOTIFY.
 */
async function applyInBulk(
  tx: Db,
  changes: readonly { service: ServiceRow; change: ServiceChange }[],
): Promise<CommittedServiceChange[]> {
  const updatedAt = new Date();
  await updateEach(
    tx,
    services,
    changes.flatMap(({ service, change }) =>
      change.patch ? [{ id: service.id, patch: { ...change.patch, updatedAt } }] : [],
    ),
  );
  // Their rows are already locked, in id order (`lockDrivers`).
  const moved = changes.flatMap(({ change }) => (change.driver ? [change.driver] : []));
  await updateEach(tx, drivers, moved);
  const eventRows = changes.flatMap(({ service, change }) =>
    change.events.map((event, index) => ({
      serviceId: service.id,
      type: event.type,
      payload: { ...event.payload },
      seq: sql`(select coalesce(max(${serviceEvents.seq}), 0) + ${index + 1} from ${serviceEvents} where ${serviceEvents.serviceId} = ${service.id})`,
    })),
  );
  const appended =
    eventRows.length > 0 ? await tx.insert(serviceEvents).values(eventRows).returning() : [];
  const notifications = [
    ...moved.map((driver) => sql`(${DRIVER_CHANGES_CHANNEL}, ${driver.id})`),
    ...appended.map((event) => {
      serviceChanges.begin(event.serviceId);
      return sql`(${SERVICE_EVENTS_CHANNEL}, ${serviceEventNotification(event)})`;
    }),
  ];
  if (notifications.length > 0) {
    // Decision 220: delivered on commit only, each carrying its event when it fits (decision 782).
    await tx.execute(
      sql`select pg_notify(n.channel, n.payload) from (values ${sql.join(notifications, sql`, `)}) as n(channel, payload)`,
    );
  }
  return changes.map(({ service, change }) => ({
    service: change.patch ? { ...service, ...definedOf(change.patch), updatedAt } : service,
    events: appended
      .filter((event) => event.serviceId === service.id)
      .sort((a, b) => a.seq - b.seq),
  }));
}

/** A patch without its undefined keys (which set nothing). */
function definedOf<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

function writesOf(tx: Db, changed: CommittedServiceChange[]): ServiceWriteTransaction {
  const lockedDrivers = new Set<string>();
  const record = (change: CommittedServiceChange): CommittedServiceChange => {
    if (change.events.length > 0) changed.push(change);
    return change;
  };
  const apply = async (
    service: ServiceRow,
    change: ServiceChange,
  ): Promise<CommittedServiceChange> => {
    let updated = service;
    // A service that leaves the queue (assigned, cancelled, held) leaves dispatch: its pending
    // offer is withdrawn and nothing looks for a driver any more (docs/decisions/760).
    const leaves = leavesQueue(service, change);
    if (leaves) await withdrawPendingOffers(tx, service.id);
    if (change.patch) {
      const [row] = await tx
        .update(services)
        .set({
          ...(leaves ? { dispatchAt: null } : {}),
          ...change.patch,
          updatedAt: new Date(),
        })
        .where(eq(services.id, service.id))
        .returning();
      if (!row) throw new Error(`service ${service.id} update returned no row`);
      updated = row;
    }
    if (change.driver) {
      await tx.update(drivers).set(change.driver.patch).where(eq(drivers.id, change.driver.id));
      // A driver freed (a trip finished, a service given back or cancelled) may take a waiting one.
      if (change.driver.patch.status === 'available') {
        await dispatchBranchNow(tx, change.driver.id);
      }
      await notifyDriverChange(tx, change.driver.id);
    }
    const events = await appendEvents(tx, service.id, change.events);
    return record({ service: updated, events });
  };
  return {
    tx,

    lock: async (serviceId) =>
      (
        await tx.select().from(services).where(eq(services.id, serviceId)).for('update').limit(1)
      )[0],

    lockDrivers: async (driverIds) => {
      if (driverIds.length === 0) return [];
      const rows = await tx
        .select()
        .from(drivers)
        .where(inArray(drivers.id, [...driverIds]))
        .orderBy(asc(drivers.id))
        .for('update');
      for (const row of rows) lockedDrivers.add(row.id);
      return rows;
    },

    insert: async (row) =>
      (
        await tx
          .insert(services)
          .values(row)
          .onConflictDoNothing({ target: services.id })
          .returning()
      )[0],

    apply,

    applyAll: async (changes) => {
      // Changes that move dispatch (a service leaving the queue, a driver freed) take the one-by-one
      // path, which also does that; the rest go in bulk.
      const ids = new Set(changes.map(({ service }) => service.id));
      if (ids.size < changes.length) throw new Error('applyAll: a service changed twice');
      const oneByOne = ({ service, change }: { service: ServiceRow; change: ServiceChange }) =>
        leavesQueue(service, change) || change.driver?.patch.status === 'available';
      const inBulk = changes.filter((item) => !oneByOne(item));
      for (const { change } of inBulk) {
        if (change.driver && !lockedDrivers.has(change.driver.id)) {
          throw new Error(`applyAll: driver ${change.driver.id} was not locked (lockDrivers)`);
        }
      }
      const bulk = await applyInBulk(tx, inBulk);
      const results: CommittedServiceChange[] = [];
      for (const item of changes) {
        results.push(
          oneByOne(item)
            ? await apply(item.service, item.change)
            : record(bulk.shift() ?? { service: item.service, events: [] }),
        );
      }
      return results;
    },
  };
}

export function createServiceWritePath(db: Db): ServiceWritePath {
  const listeners = new Set<ServiceChangeListener>();
  return {
    run: async (work) => {
      const changed: CommittedServiceChange[] = [];
      const result = await db.transaction((tx) => work(writesOf(tx, changed)));
      for (const change of changed) {
        for (const listener of listeners) {
          // The change is committed: a failing listener must not turn it into an error answer.
          try {
            listener(change);
          } catch (error) {
            process.emitWarning(error instanceof Error ? error : String(error));
          }
        }
      }
      return result;
    },
    onCommitted: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
