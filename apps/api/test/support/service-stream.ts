import { ServiceRequestResponseSchema } from '@auxilio/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { appendServiceEvent } from '../../src/repositories/service-events.ts';
import { servicePayload } from './service-request-payload.ts';

// Helpers of the service event stream tests: create and cancel services through the real API, and
// read Server-Sent Events over fetch with a small parser.

export interface SseMessage {
  id: string | undefined;
  event: string;
  data: unknown;
}

/** An open stream: `next()` resolves to the next message (comments and `retry:` are skipped). */
export interface SseStream {
  status: number;
  headers: Headers;
  retry: number | undefined;
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
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    retry: undefined,
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
  if (!res.ok || !res.body) return stream;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
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
      // aborted by close()
    }
  })();
  return stream;
}

export async function createService(app: FastifyInstance, account: string) {
  const payload = servicePayload(account);
  const serviceId = payload.serviceId;
  const res = await app.inject({
    method: 'POST',
    url: '/common/api/v1/service-requests',
    headers: { 'x-api-key': app.config.appKey },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { serviceId, token: ServiceRequestResponseSchema.parse(res.json()).token };
}

export async function cancelService(app: FastifyInstance, serviceId: string, token: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/common/services/holdEdit',
    headers: { 'x-api-key': app.config.appKey, authorization: `Bearer ${token}` },
    payload: {
      _id: serviceId,
      status: 'Void',
      home: '',
      schedule: '',
      cancellationNotes: '',
      specificCancellationReason: 'No necesito servicio',
    },
  });
  expect(res.statusCode).toBe(200);
}

/** Appends `count` position events, each in its own transaction, all at once. */
export async function appendPositions(
  db: DatabaseHandle,
  serviceId: string,
  count: number,
  from = 0,
) {
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      db.db.transaction((tx) =>
        appendServiceEvent(tx, serviceId, 'position', { lat: 18.4, lng: -66.1, n: from + i }),
      ),
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
