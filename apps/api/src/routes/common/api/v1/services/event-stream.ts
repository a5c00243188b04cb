import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceEventsBus } from '../../../../../plugins/app/service-events-bus.ts';
import type { ServiceEventRecord } from '../../../../../repositories/service-events.ts';

// ARCHITECTURE decision 3: one Server-Sent Events stream per service, resumable with Last-Event-ID
// (decision 221). The table is the only source: a NOTIFY only says "read after your last seq", so
// late, coalesced or duplicated notifications can neither skip nor repeat an event.

/** Comment line sent when nothing else was, so proxies and the browser keep the stream open. */
export const SSE_HEARTBEAT_MS = 15_000;
/** `retry:` hint: how long EventSource waits before it reconnects (with Last-Event-ID). */
export const SSE_RETRY_MS = 3_000;
/** Events read per query while catching up. */
const PAGE_SIZE = 500;
/** A client this far behind is dropped; it resumes from its Last-Event-ID (decision 221). */
const MAX_BUFFERED_BYTES = 1_000_000;

export interface ServiceEventStreamOptions {
  serviceId: string;
  /** Last seq the client has (Last-Event-ID); 0 replays the whole history. */
  afterSeq: number;
  listAfter(serviceId: string, afterSeq: number, limit: number): Promise<ServiceEventRecord[]>;
  bus: ServiceEventsBus;
  /** The raw response, already taken over from Fastify (reply.hijack()). */
  raw: ServerResponse;
  /** Extra response headers (x-request-id). */
  headers?: Record<string, string>;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
}

/** One SSE message: `id: <seq>`, `event: <type>`, `data: <json payload>`. */
export function formatServiceEvent(event: Pick<ServiceEventRecord, 'seq' | 'type' | 'payload'>) {
  // JSON.stringify escapes line breaks, so the payload stays on one `data:` line.
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`;
}

/** Writes the SSE head, replays the events after `afterSeq`, then follows the bus until close. */
export function openServiceEventStream(options: ServiceEventStreamOptions): void {
  const { raw, serviceId, log } = options;
  let lastSeq = options.afterSeq;
  let closed = false;
  let reading = false;
  let readAgain = false;

  raw.writeHead(200, {
    ...options.headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  raw.write(`retry: ${SSE_RETRY_MS}\n\n`);

  const close = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    raw.end();
  };

  /** Reads and sends every event after lastSeq; one reader at a time, re-run if woken meanwhile. */
  const catchUp = async (): Promise<void> => {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        const events = await options.listAfter(serviceId, lastSeq, PAGE_SIZE);
        if (closed) return;
        for (const event of events) {
          raw.write(formatServiceEvent(event));
          lastSeq = event.seq;
        }
        if (events.length === PAGE_SIZE) readAgain = true;
        if (raw.writableLength > MAX_BUFFERED_BYTES) {
          log.warn({ serviceId }, 'SSE client too slow: stream closed');
          close();
          return;
        }
      } while (readAgain);
    } finally {
      reading = false;
    }
  };
  const wake = (): void => {
    catchUp().catch((error: unknown) => {
      // The client reconnects with its Last-Event-ID; nothing is lost.
      log.error({ err: error, serviceId }, 'SSE read failed: stream closed');
      close();
    });
  };

  // Subscribe before the replay: an event committed in between is then read by one or the other.
  const unsubscribe = options.bus.subscribe(serviceId, {
    notify: (seq) => {
      if (seq > lastSeq) wake();
    },
    close,
  });
  const heartbeat = setInterval(() => {
    raw.write(': heartbeat\n\n');
  }, options.heartbeatMs ?? SSE_HEARTBEAT_MS);
  heartbeat.unref();
  raw.on('close', close);
  wake();
}
