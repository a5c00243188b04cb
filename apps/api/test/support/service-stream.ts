import type { PositionEventData, ServiceHistoryEvent } from '@auxilio/domain';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { createServiceWritePath } from '../../src/repositories/service-writes.ts';

// Helpers of the service event stream tests: read Server-Sent Events over fetch with a small
// parser, and write events through the service write path. Services are created and cancelled with
// journey-service.ts.

export interface SseMessage {
  id: string | undefined;
  event: string;
  data: unknown;
}

/** An open stream: `next()` resolves to the next message (comments and `retry:` are skipped). */
export interface SseStream {
  status: number;
  headers: Headers;
  /** The last `retry:` hint received. */
  retry: number | undefined;
  /**
   * `end` once the server ended the response cleanly (EventSource then reconnects after `retry`),
   * `error` if the connection broke first (or close() was called).
   */
  ended: Promise<'end' | 'error'>;
  next(timeoutMs?: number): Promise<SseMessage>;
  close(): void;
}

/** Minimal EventSource stand-in over fetch: enough of the SSE format for these tests. */
export async function openStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  const queue: SseMessage[] = [];
  const waiters: ((message: SseMessage) => void)[] = [];
  let settle: (how: 'end' | 'error') => void = () => undefined;
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    retry: undefined,
    ended: new Promise((resolve) => {
      settle = resolve;
    }),
    next: (timeoutMs = 5_000) => {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error('no SSE message in time'));
        }, timeoutMs);
        waiters.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
    close: () => {
      abort.abort();
    },
  };
  if (!res.ok || !res.body) {
    settle('end');
    return stream;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          settle('end');
          return;
        }
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          const retry = fields.get('retry');
          if (retry !== undefined) stream.retry = Number(retry);
          const data = fields.get('data');
          if (data === undefined) continue;
          const message = {
            id: fields.get('id'),
            event: fields.get('event') ?? 'message',
            data: JSON.parse(data) as unknown,
          };
          const waiter = waiters.shift();
          if (waiter) waiter(message);
          else queue.push(message);
        }
      }
    } catch {
      // aborted by close(), or the connection broke
      settle('error');
    }
  })();
  return stream;
}

/**
 * A driver's position event, marked with `n` so a stream test can tell which one it received (a
 * field the screens ignore).
 */
export function markedPosition(n: number): ServiceHistoryEvent {
  const payload: PositionEventData & { n: number } = {
    lat: 18.4,
    lng: -66.1,
    heading: null,
    accuracy: null,
    at: new Date().toISOString(),
    eta: null,
    distance: null,
    approximate: true,
    n,
  };
  return { type: 'position', payload };
}

/**
 * Appends `count` marked position events (`n` from `from`) through the service write path, each in
 * its own transaction, all at once, as concurrent driver reports would.
 */
export async function appendPositions(
  db: DatabaseHandle,
  serviceId: string,
  count: number,
  from = 0,
) {
  const writes = createServiceWritePath(db.db);
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      writes.run(async ({ lock, apply }) => {
        const service = await lock(serviceId);
        if (!service) throw new Error(`no service ${serviceId}`);
        await apply(service, { events: [markedPosition(from + i)] });
      }),
    ),
  );
}

export function eventsUrl(base: string, serviceId: string, query: Record<string, string>) {
  return `${base}/common/api/v1/services/${serviceId}/events?${new URLSearchParams(query).toString()}`;
}

export async function waitFor(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(check()).toBe(true);
}
