import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local Web Push service (RFC 8030 section 5): `POST /push/<subscription>` with an encrypted body
// answers 201 Created with a Location. It records every request; a test may queue other answers
// (410 Gone, 429 with Retry-After, 5xx) per subscription, or hold answers back.

export interface RecordedPushRequest {
  method: string;
  /** The subscription name: the last segment of `/push/<name>`. */
  subscription: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushServiceAnswer {
  status: number;
  headers?: Record<string, string>;
}

export interface PushServiceFixture {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The endpoint URL of a subscription name. */
  endpoint(subscription: string): string;
  requests: RecordedPushRequest[];
  /** Answers given, in order, to the next requests for `subscription` (then 201 again). */
  answer(subscription: string, ...answers: PushServiceAnswer[]): void;
  /** Holds every answer until the returned release is called (requests are still recorded). */
  hold(): () => void;
  /** Resolves once `count` requests have arrived; rejects after `timeoutMs`. */
  waitForRequests(count: number, timeoutMs?: number): Promise<RecordedPushRequest[]>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceFixture> {
  const requests: RecordedPushRequest[] = [];
  const queued = new Map<string, PushServiceAnswer[]>();
  const waiters = new Set<() => void>();
  let held: Promise<void> | undefined;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const match = /^\/push\/([\w-]+)$/.exec(req.url ?? '');
      const subscription = match?.[1] ?? '';
      requests.push({
        method: req.method ?? '',
        subscription,
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      for (const wake of [...waiters]) wake();
      const reply = () => {
        if (!match || req.method !== 'POST') {
          res.writeHead(404).end();
          return;
        }
        const next = queued.get(subscription)?.shift() ?? {
          status: 201,
          headers: { location: `/messages/${String(requests.length)}` },
        };
        res.writeHead(next.status, next.headers).end();
      };
      if (held) void held.then(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${String(port)}`;

  return {
    origin,
    endpoint: (subscription) => `${origin}/push/${subscription}`,
    requests,
    answer(subscription, ...answers) {
      queued.set(subscription, [...(queued.get(subscription) ?? []), ...answers]);
    },
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = undefined;
          resolve();
        };
      });
      return release;
    },
    waitForRequests(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(requests.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${String(requests.length)} of ${String(count)} push requests arrived`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
