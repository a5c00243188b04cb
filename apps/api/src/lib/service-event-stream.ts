import type { ServerResponse } from 'node:http';
import { MAX_DB_INTEGER } from '@auxilio/domain';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Draining } from '../plugins/app/draining.ts';
import type { ServiceEventsBus } from '../plugins/app/service-events-bus.ts';
import type { StreamCap, StreamKind, StreamSlot } from '../plugins/app/stream-limits.ts';
import type { ServiceEventRecord } from '../repositories/service-events.ts';
import { AppError } from './errors.ts';
import { singleFlight } from './single-flight.ts';

// How a route answers with a service's event stream: the customer's stream
// (GET /common/api/v1/services/{id}/events) and the shared link's (.../shared/events). Route
// helpers: only routes call them.

// ARCHITECTURE decision 3: one Server-Sent Events stream per service, resumable with Last-Event-ID
// (decision 221). A NOTIFY that carries the very next event is sent as it is (decision 782); any
// other says "read after your last seq", and the table is read: late, coalesced, duplicated or
// out-of-order notifications can neither skip nor repeat an event.

/** Comment line sent when nothing else was, so proxies and the browser keep the stream open. */
export const SSE_HEARTBEAT_MS = 15_000;
/** `retry:` hint: how long EventSource waits before it reconnects (with Last-Event-ID). */
export const SSE_RETRY_MS = 3_000;
/**
 * `retry:` hint sent as the last line when the server shuts down (decision 494), drawn between
 * these bounds for each stream: the browser reconnects promptly, through the load balancer to
 * another replica, and the streams of a replica that stops do not all come back in the same
 * instant.
 */
export const SSE_SHUTDOWN_RETRY_MIN_MS = 250;
export const SSE_SHUTDOWN_RETRY_MAX_MS = 1_250;
/** Events read per query while catching up. */
const PAGE_SIZE = 500;
/** A client this far behind is dropped; it resumes from its Last-Event-ID (decision 221). */
const MAX_BUFFERED_BYTES = 1_000_000;

export interface ServiceEventStreamOptions {
  serviceId: string;
  /** Last seq the client has (Last-Event-ID); 0 replays the whole history. */
  afterSeq: number;
  /**
   * Sent first as an `id:` line without data, which sets the browser's Last-Event-ID without an
   * event: for a client whose Last-Event-ID named no event (decision 502).
   */
  announceSeq?: number;
  listAfter(serviceId: string, afterSeq: number, limit: number): Promise<ServiceEventRecord[]>;
  /** What this stream may see of each event (shared links: no payloads); all of it by default. */
  redact?: (event: ServiceEventRecord) => ServiceEventRecord;
  bus: ServiceEventsBus;
  /** The raw response, already taken over from Fastify (reply.hijack()). */
  raw: ServerResponse;
  /** Extra response headers (x-request-id). */
  headers?: Record<string, string>;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
  /** The server's shutdown: the stream ends with a short `retry:` hint when it starts. */
  draining?: Draining;
  /** Called once when the stream ends, whoever ends it. */
  onClose?: () => void;
}

/** One SSE message: `id: <seq>`, `event: <type>`, `data: <json payload>`. */
export function formatServiceEvent(event: Pick<ServiceEventRecord, 'seq' | 'type' | 'payload'>) {
  // JSON.stringify escapes line breaks, so the payload stays on one `data:` line.
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`;
}

/**
 * Each event's message as the streams write it, built once however many of this process's streams
 * send it: the bus hands every stream of a service the same event object (decision 782). A shared
 * link's redacted copy is built for its own stream.
 */
const messages = new WeakMap<ServiceEventRecord, Buffer>();

function messageOf(event: ServiceEventRecord): Buffer {
  let message = messages.get(event);
  if (!message) {
    message = Buffer.from(formatServiceEvent(event));
    messages.set(event, message);
  }
  return message;
}

/** The `retry:` line that ends a stream at shutdown: a delay between the shutdown bounds. */
export function shutdownRetryLine(): string {
  const spread = SSE_SHUTDOWN_RETRY_MAX_MS - SSE_SHUTDOWN_RETRY_MIN_MS;
  return `retry: ${SSE_SHUTDOWN_RETRY_MIN_MS + Math.floor(Math.random() * (spread + 1))}\n\n`;
}

/**
 * Writes an event stream's head and its `retry:` hint; false when the server is shutting down. A
 * stream opened then (its request was already running) has nothing to follow here: it ends at
 * once with a short `retry:`, and the browser reconnects to another replica (decision 494).
 */
export function writeSseHead(
  raw: ServerResponse,
  options: { headers?: Record<string, string>; draining?: Draining; onClose?: () => void },
): boolean {
  raw.writeHead(200, {
    ...options.headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  if (options.draining?.active() === true) {
    raw.end(shutdownRetryLine());
    options.onClose?.();
    return false;
  }
  raw.write(`retry: ${SSE_RETRY_MS}\n\n`);
  return true;
}

/** Writes the SSE head, replays the events after `afterSeq`, then follows the bus until close. */
export function openServiceEventStream(options: ServiceEventStreamOptions): void {
  const { raw, serviceId, log } = options;
  let lastSeq = options.afterSeq;
  let closed = false;
  let reading = false;
  let readAgain = false;

  if (!writeSseHead(raw, options)) return;
  if (options.announceSeq !== undefined) raw.write(`id: ${options.announceSeq}\n\n`);

  const close = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    stopDraining?.();
    raw.end();
    options.onClose?.();
  };
  /**
   * The server shuts down: a short `retry:` hint, then a clean end, so EventSource reconnects by
   * itself after that delay, through the load balancer to another replica, with Last-Event-ID,
   * instead of reporting an error. An event being read now is not sent; the next replica sends it.
   */
  const shutdown = (): void => {
    if (closed) return;
    raw.write(shutdownRetryLine());
    close();
  };

  const redact = options.redact ?? ((event: ServiceEventRecord) => event);
  /** Sends one event; false when the client is so far behind that the stream was closed. */
  const send = (event: ServiceEventRecord): boolean => {
    raw.write(messageOf(redact(event)));
    lastSeq = event.seq;
    if (raw.writableLength <= MAX_BUFFERED_BYTES) return true;
    log.warn({ serviceId }, 'SSE client too slow: stream closed');
    close();
    return false;
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
          if (!send(event)) return;
        }
        if (events.length === PAGE_SIZE) readAgain = true;
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
    notify: (seq, event) => {
      if (seq <= lastSeq || closed) return;
      // The very next event, carried by its notification, with no read under way: sent as it is.
      if (event && seq === lastSeq + 1 && !reading) {
        send(event);
        return;
      }
      wake();
    },
    close: shutdown,
  });
  // Not started yet (checked above), so `shutdown` is not called from here.
  const stopDraining = options.draining?.onStart(shutdown);
  const heartbeat = setInterval(() => {
    raw.write(': heartbeat\n\n');
  }, options.heartbeatMs ?? SSE_HEARTBEAT_MS);
  heartbeat.unref();
  raw.on('close', close);
  // A client that left while the stream was being authorised: its 'close' has already fired.
  if (raw.destroyed || raw.socket?.destroyed === true) {
    close();
    return;
  }
  wake();
}

// --- The reply of a route: caps, LISTEN readiness, resume point, then the stream. ---

/** Retry-After of a stream refused by a cap (decision 500); the PWA polls meanwhile. */
export const STREAM_CAP_RETRY_AFTER_SECONDS = 30;

export interface EventStreamReplyOptions {
  serviceId: string;
  /** Whose token opened the stream: each kind has its own cap (decision 500). */
  kind: StreamKind;
  /** The client's Last-Event-ID as sent (header, else query); absent replays the whole history. */
  lastEventId: string | undefined;
  /** Extra response headers besides x-request-id. */
  headers?: Record<string, string>;
  /** What a stream of this kind may see of each event (shared links: no payloads). */
  redact?: (event: ServiceEventRecord) => ServiceEventRecord;
}

export interface StreamSlotRequest {
  kind: StreamKind;
  /** What the caps count streams of: a service, a geotext room, a dispatcher's board. */
  key: string;
  /** The 429's message when a cap is reached. */
  capped: (cap: StreamCap) => string;
  /** The 503's message when the database cannot be listened to: what to read instead. */
  unavailable: string;
}

/**
 * Takes one of the open-stream places (decision 500) and waits until notifications can be
 * listened to; the caller releases the slot when its stream ends. 429 with Retry-After beyond a
 * cap, 503 when LISTEN fails (the place is given back).
 */
export async function takeStreamSlot(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { kind, key, capped, unavailable }: StreamSlotRequest,
): Promise<StreamSlot> {
  const slot = app.streamLimits.open(kind, key, request.ip);
  if (typeof slot === 'string') {
    reply.header('retry-after', String(STREAM_CAP_RETRY_AFTER_SECONDS));
    throw new AppError('RATE_LIMITED', capped(slot));
  }
  try {
    await app.serviceEventsBus.ready();
  } catch (error) {
    slot.release();
    request.log.error({ err: error }, 'LISTEN failed');
    throw new AppError('UNAVAILABLE', unavailable);
  }
  return slot;
}

/** Any text: one that names no event of the service starts from the current state (decision 502). */
export const LastEventIdSchema = z
  .string()
  .describe(
    'The id (seq) of the last event received. Malformed, negative, beyond 2147483647 or past the ' +
      "service's latest event: the stream starts from the current state (new events only)",
  );

/**
 * The seq a Last-Event-ID names, or undefined when it names none: not plain digits, or beyond what
 * the `service_events.seq` column (a PostgreSQL integer) holds (decision 502).
 */
export function parseLastEventId(value: string): number | undefined {
  if (!/^\d{1,10}$/.test(value)) return undefined;
  const seq = Number(value);
  return seq <= MAX_DB_INTEGER ? seq : undefined;
}

/**
 * The one way a route answers with a service's event stream (decisions 221, 481, 494, 500,
 * 502): 429 beyond the open-stream caps, 503 when the database cannot be listened to (the PWA
 * polls instead), else the stream, whose reads are shared by the streams of one service that wake
 * together.
 */
export function createEventStreamReply(
  app: FastifyInstance,
): (
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamReplyOptions,
) => Promise<void> {
  const listAfter = singleFlight(
    (serviceId: string, afterSeq: number, limit: number) => `${serviceId}:${afterSeq}:${limit}`,
    (serviceId: string, afterSeq: number, limit: number) =>
      app.repositories.serviceEvents.listAfter(serviceId, afterSeq, limit),
  );
  const latestSeq = singleFlight(
    (serviceId: string) => serviceId,
    (serviceId: string) => app.repositories.serviceEvents.latestSeq(serviceId),
  );

  /**
   * Where the stream starts. No Last-Event-ID: the whole history. One that names an event the
   * service has: right after it. Anything else (malformed, negative, beyond the column, or a seq
   * the service never reached): after the latest event, so only what happens next is sent, and
   * the stream first tells the browser that id, so its next reconnect resumes from there.
   */
  const resumePoint = async (
    request: FastifyRequest,
    serviceId: string,
    lastEventId: string | undefined,
  ): Promise<{ afterSeq: number; announceSeq?: number }> => {
    if (lastEventId === undefined || lastEventId === '') return { afterSeq: 0 };
    const requested = parseLastEventId(lastEventId);
    if (requested === 0) return { afterSeq: 0 };
    const latest = await latestSeq(serviceId);
    if (requested !== undefined && requested <= latest) return { afterSeq: requested };
    request.log.info(
      { serviceId, lastEventId: lastEventId.slice(0, 32), latest },
      'Last-Event-ID names no event of the service: streaming from the current state',
    );
    return { afterSeq: latest, announceSeq: latest };
  };

  return async (request, reply, { serviceId, kind, lastEventId, headers, redact }) => {
    const slot = await takeStreamSlot(app, request, reply, {
      kind,
      key: serviceId,
      capped: (cap) =>
        cap === 'token'
          ? `Too many open streams with this token; retry in ${STREAM_CAP_RETRY_AFTER_SECONDS} s`
          : `Too many open streams from this address; retry in ${STREAM_CAP_RETRY_AFTER_SECONDS} s`,
      unavailable: 'Live updates are unavailable; poll instead',
    });
    let resume: { afterSeq: number; announceSeq?: number };
    try {
      resume = await resumePoint(request, serviceId, lastEventId);
    } catch (error) {
      slot.release();
      throw error;
    }
    reply.hijack();
    try {
      openServiceEventStream({
        serviceId,
        ...resume,
        listAfter,
        ...(redact ? { redact } : {}),
        bus: app.serviceEventsBus,
        raw: reply.raw,
        headers: { 'x-request-id': request.id, ...headers },
        log: request.log,
        // Decision 494: a shutdown ends the stream with a short retry hint, even one that began
        // opening before the shutdown and finishes after it.
        draining: app.draining,
        onClose: () => {
          slot.release();
        },
      });
    } catch (error) {
      // Past hijack() Fastify answers nothing: drop the connection, the client reconnects.
      request.log.error({ err: error, serviceId }, 'SSE stream could not start');
      slot.release();
      reply.raw.destroy();
    }
  };
}

/** The credentials of an event stream: the Authorization header, or `?token=` (decision 222). */
export function streamAuthorization(request: FastifyRequest, token: string | undefined) {
  return request.headers.authorization ?? (token === undefined ? undefined : `Bearer ${token}`);
}
