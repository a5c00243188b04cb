import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serviceEvents, services } from '../db/schema.ts';
import { serviceChanges } from '../lib/service-changes.ts';

// ARCHITECTURE decision 3: every change of a service is appended to its history; `seq` counts per
// service from 1 and is the SSE event id, so a stream resumes after `Last-Event-ID` (decision 203).

/** LISTEN/NOTIFY channel of appended events; payload `<serviceId>:<seq>` (decision 220). */
export const SERVICE_EVENTS_CHANNEL = 'service_events';

/** Kinds of history rows written so far; the SSE task may add position, eta, note, ... */
export type ServiceEventType =
  | 'created'
  | 'status'
  | 'trip'
  | 'driver'
  | 'position'
  | 'eta'
  | 'survey'
  | 'tip'
  | 'location'
  | 'pushOptIn'
  | 'confirmData'
  | 'note';

export interface ServiceEventRecord {
  id: number;
  serviceId: string;
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Appends one event to a service's history and returns it. Call it inside the transaction that made
 * the change: it locks the service row first, so two writers of one service take turns and never
 * compute the same `seq` (the unique (service_id, seq) index would refuse it anyway).
 */
export async function appendServiceEvent(
  tx: Db,
  serviceId: string,
  type: ServiceEventType,
  payload: Record<string, unknown>,
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
      type,
      payload,
      seq: sql`(select coalesce(max(${serviceEvents.seq}), 0) + 1 from ${serviceEvents} where ${serviceEvents.serviceId} = ${serviceId})`,
    })
    .returning();
  if (!row) throw new Error(`no event row returned for service ${serviceId}`);
  // Until the NOTIFY comes back after the commit, this process reads the service from the table
  // (decision 480).
  serviceChanges.begin(serviceId);
  // Decision 220: PostgreSQL delivers a NOTIFY only when this transaction commits (never on
  // rollback); listeners re-read the table by seq, so the payload is only a wake-up call.
  await tx.execute(sql`select pg_notify(${SERVICE_EVENTS_CHANNEL}, ${`${serviceId}:${row.seq}`})`);
  return row;
}

export interface ServiceEventsRepository {
  /** The history of a service after `afterSeq` (0: from the start), oldest first. */
  listAfter(serviceId: string, afterSeq?: number, limit?: number): Promise<ServiceEventRecord[]>;
}

export function createServiceEventsRepository(db: Db): ServiceEventsRepository {
  return {
    listAfter: (serviceId, afterSeq = 0, limit = 1000) =>
      db
        .select()
        .from(serviceEvents)
        .where(and(eq(serviceEvents.serviceId, serviceId), gt(serviceEvents.seq, afterSeq)))
        .orderBy(asc(serviceEvents.seq))
        .limit(limit),
  };
}
