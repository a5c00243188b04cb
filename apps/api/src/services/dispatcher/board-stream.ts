import type { ServerResponse } from 'node:http';
import type { BoardDriver, BoardService, BoardSnapshot } from '@auxilio/domain';
import type { FastifyBaseLogger } from 'fastify';
import {
  SSE_HEARTBEAT_MS,
  shutdownRetryLine,
  writeSseHead,
} from '../../lib/service-event-stream.ts';
import type { Draining } from '../../plugins/app/draining.ts';
import type { ServiceEventsBus } from '../../plugins/app/service-events-bus.ts';

// The dispatcher's one board stream (docs/decisions/762). It opens with a `snapshot` of the board,
// then follows every service notification: notified ids are collected, and at most every 200 ms the
// stream reads those still in scope in one query and sends a `service` event for each row that
// changed, or `{_id, removed: true}` for a row it had sent that is now closed or out of scope.
// Drivers' positions do not notify, so drivers are re-read every 3 s and the changed ones sent as
// `driver` events; a full re-read every 60 s catches a notification lost while the database
// connection was replaced. With each drivers' re-read the session is checked, so a sign-out (or an
// expired session, a dispatcher disabled) ends the stream within seconds. Reads run one at a time;
// a read of a kind already waiting or running is not queued again, so a slow database never piles
// reads up. There is no resume cursor: a reconnect gets a new snapshot.

export interface BoardStreamIntervals {
  /** Shortest time between two reads of notified services. */
  servicesMs: number;
  /** How often the drivers are re-read. */
  driversMs: number;
  /** How often every service of the scope is re-read (the safety net). */
  fullMs: number;
  heartbeatMs: number;
}

export const BOARD_STREAM_INTERVALS: BoardStreamIntervals = {
  servicesMs: 200,
  driversMs: 3_000,
  fullMs: 60_000,
  heartbeatMs: SSE_HEARTBEAT_MS,
};

/** A client this far behind is dropped; it reconnects and gets a new snapshot. */
const MAX_BUFFERED_BYTES = 1_000_000;

/** What the stream reads, already limited to the dispatcher's scope. */
export interface BoardReader {
  snapshot(): Promise<BoardSnapshot>;
  /** Open services of the scope at `now`, only those of `ids` when given. */
  services(now: Date, ids?: readonly string[]): Promise<BoardService[]>;
  drivers(): Promise<BoardDriver[]>;
  /**
   * Checked with each drivers' re-read (one indexed lookup): false once the session ended (signed
   * out, expired, the dispatcher disabled), which ends the stream.
   */
  stillSignedIn?(): Promise<boolean>;
}

export interface BoardStreamOptions {
  reader: BoardReader;
  bus: Pick<ServiceEventsBus, 'watch'>;
  /** The raw response, already taken over from Fastify (reply.hijack()). */
  raw: ServerResponse;
  /** Extra response headers (x-request-id). */
  headers?: Record<string, string>;
  log: FastifyBaseLogger;
  /** The server's shutdown: the stream ends with a short `retry:` hint when it starts. */
  draining?: Draining;
  intervals?: Partial<BoardStreamIntervals>;
  /** Called once when the stream ends, whoever ends it. */
  onClose?: () => void;
}

function message(event: string, data: unknown): string {
  // JSON.stringify escapes line breaks, so the data stays on one `data:` line.
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A row as compared: `updatedAt` is the time of the read, not a change of the service. */
function serviceFingerprint(service: BoardService): string {
  const { updatedAt: _readAt, ...rest } = service;
  return JSON.stringify(rest);
}

/** Writes the SSE head and the snapshot, then follows the board until the stream closes. */
export function openBoardStream(options: BoardStreamOptions): void {
  const { raw, reader, log } = options;
  const intervals = { ...BOARD_STREAM_INTERVALS, ...options.intervals };
  /** What this stream last sent of each service and driver, to send only what changed. */
  const sentServices = new Map<string, string>();
  const sentDrivers = new Map<string, string>();
  const notified = new Set<string>();
  /** The database clock minus this process's, from the snapshot: breaches are judged by it. */
  let clockOffsetMs = 0;
  let closed = false;
  let started = false;
  let servicesTimer: ReturnType<typeof setTimeout> | undefined;
  let lastServicesRead = 0;
  /** Reads run one at a time, so that events leave in the order the rows were read. */
  let queue: Promise<void> = Promise.resolve();
  /** Kinds of read waiting or running: another of the same kind would read the same again. */
  const inFlight = new Set<string>();

  if (!writeSseHead(raw, options)) return;

  const timers: ReturnType<typeof setInterval>[] = [];
  const close = (): void => {
    if (closed) return;
    closed = true;
    clearTimeout(servicesTimer);
    for (const timer of timers) clearInterval(timer);
    unwatch();
    stopDraining?.();
    raw.end();
    options.onClose?.();
  };
  const shutdown = (): void => {
    if (closed) return;
    raw.write(shutdownRetryLine());
    close();
  };

  // A big board's snapshot alone may exceed the allowance: the client is behind only by what
  // follows it.
  let allowance = MAX_BUFFERED_BYTES;
  const send = (event: string, data: unknown): void => {
    if (closed) return;
    const text = message(event, data);
    if (event === 'snapshot') allowance = MAX_BUFFERED_BYTES + Buffer.byteLength(text);
    raw.write(text);
    if (raw.writableLength > allowance) {
      log.warn('Board stream client too slow: stream closed');
      close();
    }
  };
  const now = () => new Date(Date.now() + clockOffsetMs);

  /** Sends the rows that changed; `asked` ids (all sent ones when undefined) not read are removed. */
  const sendServices = (rows: BoardService[], asked: Iterable<string> | undefined): void => {
    const returned = new Set<string>();
    for (const row of rows) {
      returned.add(row._id);
      const fingerprint = serviceFingerprint(row);
      if (sentServices.get(row._id) === fingerprint) continue;
      sentServices.set(row._id, fingerprint);
      send('service', row);
    }
    for (const id of [...(asked ?? sentServices.keys())]) {
      if (returned.has(id) || !sentServices.has(id)) continue;
      sentServices.delete(id);
      send('service', { _id: id, removed: true });
    }
  };
  const sendDrivers = (drivers: BoardDriver[]): void => {
    const seen = new Set<string>();
    for (const driver of drivers) {
      seen.add(driver.id);
      const fingerprint = JSON.stringify(driver);
      if (sentDrivers.get(driver.id) === fingerprint) continue;
      sentDrivers.set(driver.id, fingerprint);
      send('driver', driver);
    }
    // A driver who left the scope's branches is no longer followed (the contract has no removal).
    for (const id of [...sentDrivers.keys()]) if (!seen.has(id)) sentDrivers.delete(id);
  };

  /**
   * Runs one read after the others, unless one of the same kind is already waiting or running; a
   * failed read ends the stream (the reconnect re-snapshots). `then` runs once it is done.
   */
  const run = (what: string, task: () => Promise<void>, then?: () => void): void => {
    if (inFlight.has(what)) return;
    inFlight.add(what);
    queue = queue
      .then(async () => {
        if (!closed) await task();
      })
      .catch((error: unknown) => {
        log.error({ err: error }, `Board stream ${what} read failed: stream closed`);
        close();
      })
      .finally(() => {
        inFlight.delete(what);
        then?.();
      });
  };

  const readNotified = (): void => {
    servicesTimer = undefined;
    // A read that is waiting takes these ids too; one that is running reads them when it is done.
    run(
      'services',
      async () => {
        lastServicesRead = Date.now();
        const ids = [...notified];
        notified.clear();
        if (ids.length === 0) return;
        const rows = await reader.services(now(), ids);
        if (!closed) sendServices(rows, ids);
      },
      () => {
        if (notified.size > 0) scheduleNotified();
      },
    );
  };
  const scheduleNotified = (): void => {
    if (closed || !started || servicesTimer !== undefined) return;
    const wait = Math.max(0, lastServicesRead + intervals.servicesMs - Date.now());
    servicesTimer = setTimeout(readNotified, wait);
    servicesTimer.unref();
  };

  // Watch before the snapshot: a service notified meanwhile is re-read after it.
  const unwatch = options.bus.watch((serviceId) => {
    if (closed) return;
    notified.add(serviceId);
    scheduleNotified();
  });
  const stopDraining = options.draining?.onStart(shutdown);
  raw.on('close', close);
  // A client that left while the stream was being authorised: its 'close' has already fired.
  if (raw.destroyed || raw.socket?.destroyed === true) {
    close();
    return;
  }

  run('snapshot', async () => {
    const snapshot = await reader.snapshot();
    if (closed) return;
    clockOffsetMs = Date.parse(snapshot.serverTime) - Date.now();
    for (const service of snapshot.services) {
      sentServices.set(service._id, serviceFingerprint(service));
    }
    for (const driver of snapshot.drivers) sentDrivers.set(driver.id, JSON.stringify(driver));
    send('snapshot', snapshot);
    started = true;
    if (notified.size > 0) scheduleNotified();
  });

  const every = (ms: number, tick: () => void): void => {
    const timer = setInterval(tick, ms);
    timer.unref();
    timers.push(timer);
  };
  every(intervals.heartbeatMs, () => {
    raw.write(': heartbeat\n\n');
  });
  every(intervals.driversMs, () => {
    if (!started) return;
    run('drivers', async () => {
      if (reader.stillSignedIn && !(await reader.stillSignedIn())) {
        close();
        return;
      }
      const drivers = await reader.drivers();
      if (!closed) sendDrivers(drivers);
    });
  });
  every(intervals.fullMs, () => {
    if (!started) return;
    run('full', async () => {
      const rows = await reader.services(now());
      if (!closed) sendServices(rows, undefined);
    });
  });
}
