import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceChanges } from '../../lib/service-changes.ts';
import { z } from 'zod';
import {
  SERVICE_EVENTS_CHANNEL,
  type ServiceEventRecord,
} from '../../repositories/service-events.ts';

// ARCHITECTURE decisions 3 and 4: one LISTEN per process on the channel the service write path
// notifies on commit; the process fans the wake-ups out in memory to the SSE streams of each
// service. The same code serves one process (PGlite delivers its own NOTIFYs) and many replicas
// over one PostgreSQL. Nothing here is state a second replica needs: a notification carries its
// event when it fits (decision 782), and a stream that misses one reads the table.

/** One subscriber (an open SSE stream) of one service. */
export interface ServiceEventsSubscriber {
  /**
   * An event with this seq was committed for the service (payloads may arrive late or coalesced),
   * with the event itself when the notification carried it (decision 782).
   */
  notify(seq: number, event?: ServiceEventRecord): void;
  /** The server is shutting down: end the stream (the client resumes on another replica). */
  close(): void;
}

export interface ServiceEventsBus {
  /** Resolves once this process LISTENs (started on first use; retried after a failure). */
  ready: () => Promise<void>;
  /** Wake `subscriber` for each event committed for `serviceId`; returns the unsubscribe. */
  subscribe: (serviceId: string, subscriber: ServiceEventsSubscriber) => () => void;
  /** Open subscriptions in this process (tests, metrics). */
  subscriberCount: () => number;
  /** True once this process LISTENs, so that every committed event will be notified. */
  listening: () => boolean;
  /**
   * Calls `listener` with the service id of every notification (the read cache, decision 480; the
   * dispatcher's board, decision 762); returns the unwatch.
   */
  watch: (listener: (serviceId: string) => void) => () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    serviceEventsBus: ServiceEventsBus;
  }
}

/**
 * `<serviceId>:<seq>` as the service write path sends it, with the event when the payload carries
 * one (`serviceEventNotification`); undefined for anything else. An event that cannot be read is
 * left out: the stream then reads it from the table.
 */
export function parseServiceEventNotification(
  payload: string,
): { serviceId: string; seq: number; event?: ServiceEventRecord } | undefined {
  const lineBreak = payload.indexOf('\n');
  const head = lineBreak === -1 ? payload : payload.slice(0, lineBreak);
  const colon = head.lastIndexOf(':');
  if (colon <= 0) return undefined;
  const seq = Number(head.slice(colon + 1));
  if (!Number.isSafeInteger(seq) || seq < 1) return undefined;
  const serviceId = head.slice(0, colon);
  const event = lineBreak === -1 ? undefined : carriedEvent(payload.slice(lineBreak + 1));
  return event ? { serviceId, seq, event: { ...event, serviceId, seq } } : { serviceId, seq };
}

const CarriedEventSchema = z.object({
  id: z.number(),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime({ offset: true }),
});

function carriedEvent(json: string): Omit<ServiceEventRecord, 'serviceId' | 'seq'> | undefined {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  const event = CarriedEventSchema.safeParse(data).data;
  return event && { ...event, createdAt: new Date(event.createdAt) };
}

/** The in-memory fan-out, apart from the database so it can be tested on its own. */
export function createServiceEventsFanOut(): Omit<ServiceEventsBus, 'ready' | 'listening'> & {
  deliver(payload: string): void;
  /** Every subscriber and watcher re-reads, as if each service had a new event. */
  wakeAll(): void;
  closeAll(): void;
} {
  const byService = new Map<string, Set<ServiceEventsSubscriber>>();
  const watchers = new Set<(serviceId: string) => void>();
  let count = 0;
  return {
    subscribe(serviceId, subscriber) {
      let set = byService.get(serviceId);
      if (!set) {
        set = new Set();
        byService.set(serviceId, set);
      }
      set.add(subscriber);
      count += 1;
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        count -= 1;
        set.delete(subscriber);
        if (set.size === 0 && byService.get(serviceId) === set) byService.delete(serviceId);
      };
    },
    subscriberCount: () => count,
    watch(listener) {
      // A wrapper of its own, so that the same listener watched twice is unwatched once each.
      const watcher = (serviceId: string) => {
        listener(serviceId);
      };
      watchers.add(watcher);
      return () => {
        watchers.delete(watcher);
      };
    },
    deliver(payload) {
      const parsed = parseServiceEventNotification(payload);
      if (!parsed) return;
      serviceChanges.settle(parsed.serviceId);
      for (const watcher of [...watchers]) watcher(parsed.serviceId);
      const set = byService.get(parsed.serviceId);
      if (!set) return;
      for (const subscriber of [...set]) subscriber.notify(parsed.seq, parsed.event);
    },
    wakeAll() {
      for (const [serviceId, set] of [...byService]) {
        for (const watcher of [...watchers]) watcher(serviceId);
        for (const subscriber of [...set]) subscriber.notify(Number.MAX_SAFE_INTEGER);
      }
    },
    closeAll() {
      for (const set of [...byService.values()]) {
        for (const subscriber of [...set]) subscriber.close();
      }
    },
  };
}

function serviceEventsBusPlugin(app: FastifyInstance): void {
  const fanOut = createServiceEventsFanOut();
  // Started on first use, not at boot: the API must start (and /ready answer 503) while the
  // database is down; a failed LISTEN is forgotten so that the next stream tries again.
  let listening: Promise<() => Promise<void>> | undefined;
  let listeningNow = false;
  // Between a lost connection and its replacement, the LISTEN exists but hears nothing.
  let lost = false;
  const ready = async (): Promise<void> => {
    listening ??= app.database.listen(
      SERVICE_EVENTS_CHANNEL,
      (payload) => {
        fanOut.deliver(payload);
      },
      {
        // Decision 491: while the database is away no notification arrives; once it is back,
        // every open stream re-reads after its last event.
        lost: () => {
          lost = true;
          listeningNow = false;
        },
        resumed: () => {
          lost = false;
          listeningNow = true;
          fanOut.wakeAll();
        },
      },
    );
    const attempt = listening;
    try {
      await attempt;
      listeningNow = listening === attempt && !lost;
    } catch (error) {
      if (listening === attempt) listening = undefined;
      throw error;
    }
  };
  app.decorate('serviceEventsBus', {
    ready,
    subscribe: fanOut.subscribe,
    subscriberCount: fanOut.subscriberCount,
    listening: () => listeningNow,
    watch: fanOut.watch,
  });
  // preClose: before the server waits for its connections, which open streams would hold forever;
  // and before the database plugin's onClose closes the connection the LISTEN runs on.
  app.addHook('preClose', async () => {
    fanOut.closeAll();
    listeningNow = false;
    const unlisten = await listening?.catch(() => undefined);
    await unlisten?.();
  });
}

export default fp(serviceEventsBusPlugin, {
  name: 'service-events-bus',
  dependencies: ['database'],
});
