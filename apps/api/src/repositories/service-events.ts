import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serviceEvents } from '../db/schema.ts';

// ARCHITECTURE decision 3: every change of a service is appended to its history; `seq` counts per
// service from 1 and is the SSE event id, so a stream resumes after `Last-Event-ID` (decision 203).
// Events are written only by the service write path (service-writes.ts); this file reads them.

/**
 * LISTEN/NOTIFY channel of appended events; payload `<serviceId>:<seq>` (decision 220), followed by
 * a line break and the event itself when it fits (decision 782).
 */
export const SERVICE_EVENTS_CHANNEL = 'service_events';

/**
 * Bytes of a NOTIFY payload: PostgreSQL refuses one of 8,000 bytes or more. An event that would not
 * fit goes as `<serviceId>:<seq>` alone, and the streams read it from the table.
 */
const MAX_NOTIFY_BYTES = 7_900;

/**
 * A history row as stored. Read back loosely: rows written before a payload changed keep their
 * shape (what is written now is typed by `ServiceHistoryEvent` of @auxilio/domain).
 */
export interface ServiceEventRecord {
  id: number;
  serviceId: string;
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * The NOTIFY payload of an appended event (decisions 220, 782): `<serviceId>:<seq>`, then, when the
 * whole fits a notification, a line break and the event's JSON, so that a process streaming the
 * service sends it without reading it back.
 */
export function serviceEventNotification(event: ServiceEventRecord): string {
  const head = `${event.serviceId}:${event.seq}`;
  const body = JSON.stringify({
    id: event.id,
    type: event.type,
    payload: event.payload,
    createdAt: event.createdAt,
  });
  const full = `${head}\n${body}`;
  return Buffer.byteLength(full) < MAX_NOTIFY_BYTES ? full : head;
}

export interface ServiceEventsRepository {
  /** The history of a service after `afterSeq` (0: from the start), oldest first. */
  listAfter(serviceId: string, afterSeq?: number, limit?: number): Promise<ServiceEventRecord[]>;
  /** The seq of the service's latest event; 0 when it has none. */
  latestSeq(serviceId: string): Promise<number>;
}

export function createServiceEventsRepository(db: Db): ServiceEventsRepository {
  // Every event appended is read back once per process that streams its service (decision 220):
  // prepared once, so its SQL is not built again for each position of every trip.
  const after = db
    .select()
    .from(serviceEvents)
    .where(
      and(
        eq(serviceEvents.serviceId, sql.placeholder('serviceId')),
        gt(serviceEvents.seq, sql.placeholder('afterSeq')),
      ),
    )
    .orderBy(asc(serviceEvents.seq))
    .limit(sql.placeholder('limit'))
    .prepare('service_events_after');
  return {
    listAfter: (serviceId, afterSeq = 0, limit = 1000) =>
      after.execute({ serviceId, afterSeq, limit }),
    latestSeq: async (serviceId) => {
      const [row] = await db
        .select({ latest: max(serviceEvents.seq) })
        .from(serviceEvents)
        .where(eq(serviceEvents.serviceId, serviceId));
      return row?.latest ?? 0;
    },
  };
}
