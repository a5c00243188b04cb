import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import {
  ServiceRequestResponseSchema,
  ServiceSchema,
  type ServiceRequestPayloadInput,
} from '@auxilio/domain';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { services } from '../src/db/schema.ts';
import { SSE_SHUTDOWN_RETRY_MAX_MS } from '../src/lib/service-event-stream.ts';
import { DRAIN_DEADLINE_MS } from '../src/plugins/app/draining.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { startApiProcess, type ApiProcess } from './support/api-process.ts';
import { createRetrying, type Acknowledged } from './support/creation-load.ts';
import { servicePayload } from './support/service-request-payload.ts';
import {
  appendPositions,
  eventsUrl,
  openStream,
  type SseStream,
} from './support/service-stream.ts';
import { HONDA_PR } from './support/demo-accounts.ts';

// Decision 494: a deploy or a scale-in stops a replica with SIGTERM while customers use it. Two
// real API processes on one PostgreSQL stand for two replicas behind a load balancer; the test
// plays the load balancer (it keeps its connections to each replica open, as load balancers do,
// and sends traffic to B once A refuses a request) and the customers (the PWA's creation payload,
// its EventSource). Runs on PostgreSQL only (*.pg.test.ts).

/** Honda in Puerto Rico charges no fee: creations need no payment. */
const APP_KEY = 'auxilio-demo-public-app-key';
const CLIENTS = 8;
/** A connection error that means "nothing was answered": the client may send it again. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

let t: TestApp;
let b: ApiProcess;

function apiEnv(applicationName: string): Record<string, string> {
  const url = new URL(t.config.databaseUrl ?? '');
  // Named connections: the test can see which of them wait on a lock it holds.
  url.searchParams.set('application_name', applicationName);
  return {
    DATABASE_URL: url.toString(),
    DATA_DIR: 'memory://',
    // Replicas share the key of service tokens, so a retry on B answers the token A gave.
    SERVER_SECRET: 'deploy-drain-test-secret-0123456789abcdef',
    SEED_DEMO: 'false',
    DRIVER_SIMULATOR: 'false',
    RATE_LIMIT_ENABLED: 'false',
    APP_KEY,
    LOG_LEVEL: 'error',
  };
}

beforeAll(async () => {
  t = await createTestApp();
  b = await startApiProcess(apiEnv('api-b'));
});
afterAll(async () => {
  await b.close();
  await t.close();
});

/** The first column of the first row of `query` as a number, whatever the driver. */
async function scalar(db: DatabaseHandle, query: SQL): Promise<number> {
  const result: unknown = await db.db.execute(query);
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  const row = rows[0] as Record<string, unknown> | undefined;
  return Number(row ? Object.values(row)[0] : Number.NaN);
}

/** Queries of the connections named `applicationName` that wait for a lock. */
function lockWaits(applicationName: string): Promise<number> {
  return scalar(
    t.db,
    sql`select count(*) from pg_stat_activity
        where application_name = ${applicationName} and wait_event_type = 'Lock'`,
  );
}

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Holds `lock table <table>` in a transaction of the test's own until the returned release (which
 * may be called more than once).
 */
async function holdLock(table: 'services' | 'service_events'): Promise<() => Promise<void>> {
  let release: () => void = () => undefined;
  let locked: () => void = () => undefined;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = t.db.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`lock table ${table} in access exclusive mode`));
    locked();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
  });
  await isLocked;
  return async () => {
    release();
    await done;
  };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** POST through `agent`, a load balancer's pool of kept-alive connections to one replica. */
function postJson(agent: Agent, baseUrl: string, path: string, body: unknown): Promise<Answer> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(path, baseUrl),
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          'x-api-key': APP_KEY,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** What a refusal while draining must look like: our error body, Retry-After, no reuse. */
function expectCleanRefusal(answer: Answer) {
  expect(answer.status).toBe(503);
  expect(JSON.parse(answer.body)).toMatchObject({ code: 'UNAVAILABLE' });
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.headers.connection).toBe('close');
}

/** Every service exists exactly once, and its token reads it through `api`. */
async function expectEachServiceOnce(api: ApiProcess, acknowledged: Acknowledged[]) {
  const ids = acknowledged.map((service) => service.serviceId);
  expect(new Set(ids).size).toBe(ids.length);
  const rows = await t.db.db
    .select({ id: services.id })
    .from(services)
    .where(inArray(services.id, ids));
  expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
  for (let i = 0; i < acknowledged.length; i += 20) {
    await Promise.all(
      acknowledged.slice(i, i + 20).map(async ({ serviceId, token }) => {
        const read = await fetch(`${api.baseUrl}/common/services/${serviceId}`, {
          headers: { 'x-api-key': APP_KEY, authorization: `Bearer ${token}` },
        });
        expect(read.status, serviceId).toBe(200);
        expect(ServiceSchema.parse(await read.json())._id).toBe(serviceId);
      }),
    );
  }
}

describe('SIGTERM while customers create services', () => {
  it('answers every request that was running, refuses the rest cleanly, loses nothing and exits 0 in time', async () => {
    const a = await startApiProcess(apiEnv('api-a'));
    const pools = { a: new Agent({ keepAlive: true }), b: new Agent({ keepAlive: true }) };
    let release = () => Promise.resolve();
    /** Where the load balancer sends a new request: A until A refuses one. */
    let target: 'a' | 'b' = 'a';
    let stopping = false;
    let sigtermAt = Number.POSITIVE_INFINITY;
    const acknowledged: Acknowledged[] = [];
    /** Creations A did not answer with 201, to be sent again to B with the same body. */
    const refused: { payload: ServiceRequestPayloadInput; outcome: string }[] = [];
    const unexpected: string[] = [];
    /** How the creations sent to A before SIGTERM and ended after it ended (status, or error). */
    const runningAtSigterm: (number | string)[] = [];
    const endedAfterSigterm = (via: 'a' | 'b', sentAt: number) =>
      via === 'a' && sentAt < sigtermAt && Date.now() >= sigtermAt;

    const customer = async () => {
      while (!stopping) {
        const payload = servicePayload(HONDA_PR);
        const via = target;
        const sentAt = Date.now();
        try {
          const answer = await postJson(
            pools[via],
            via === 'a' ? a.baseUrl : b.baseUrl,
            '/common/api/v1/service-requests',
            payload,
          );
          if (endedAfterSigterm(via, sentAt)) runningAtSigterm.push(answer.status);
          if (answer.status === 201) {
            const { token } = ServiceRequestResponseSchema.parse(JSON.parse(answer.body));
            acknowledged.push({ serviceId: payload.serviceId, token });
          } else if (via === 'a' && answer.status === 503) {
            expectCleanRefusal(answer);
            refused.push({ payload, outcome: '503' });
            target = 'b';
          } else {
            unexpected.push(`${via}: ${String(answer.status)} ${answer.body}`);
          }
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? String(error);
          if (endedAfterSigterm(via, sentAt)) runningAtSigterm.push(code);
          if (via === 'a' && CONNECTION_ERRORS.has(code)) {
            refused.push({ payload, outcome: code });
            target = 'b';
          } else {
            unexpected.push(`${via}: ${code}`);
          }
        }
      }
    };

    try {
      const customers = Array.from({ length: CLIENTS }, customer);
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      // Creations slowed down by the database: every customer has one running on A at SIGTERM.
      release = await holdLock('services');
      await until(async () => (await lockWaits('api-a')) >= CLIENTS, 'creations waiting on A');
      // A customer on a slow network: the request has begun (its first header lines arrived)
      // when SIGTERM comes, the rest arrives after.
      const slow = connect(Number(new URL(a.baseUrl).port), '127.0.0.1');
      await new Promise((resolve) => slow.once('connect', resolve));
      let slowAnswer = '';
      slow.setEncoding('utf8');
      slow.on('data', (chunk: string) => {
        slowAnswer += chunk;
      });
      const slowClosed = new Promise((resolve) => slow.once('close', resolve));
      slow.write('POST /common/api/v1/service-requests HTTP/1.1\r\nhost: 127.0.0.1\r\n');
      await new Promise((resolve) => setTimeout(resolve, 100));

      sigtermAt = Date.now();
      const exited = a.stop('SIGTERM');

      // A stops accepting connections while its creations are still running.
      await until(
        () =>
          new Promise<boolean>((resolve) => {
            const probe = connect(Number(new URL(a.baseUrl).port), '127.0.0.1');
            probe.once('connect', () => {
              probe.destroy();
              resolve(false);
            });
            probe.once('error', (error: NodeJS.ErrnoException) => {
              resolve(error.code === 'ECONNREFUSED');
            });
          }),
        'A to refuse connections',
      );
      expect(runningAtSigterm).toEqual([]);

      // The slow customer's request is complete only now: refused before anything is handled.
      const slowPayload = servicePayload(HONDA_PR);
      const slowBody = JSON.stringify(slowPayload);
      slow.write(
        `x-api-key: ${APP_KEY}\r\ncontent-type: application/json\r\n` +
          `content-length: ${String(Buffer.byteLength(slowBody))}\r\n\r\n${slowBody}`,
      );
      await slowClosed;
      const [head = '', slowText = ''] = slowAnswer.split('\r\n\r\n');
      const slowHeaders = Object.fromEntries(
        head
          .split('\r\n')
          .slice(1)
          .map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
      );
      expectCleanRefusal({
        status: Number(head.split(' ')[1]),
        headers: slowHeaders,
        body: slowText,
      });
      refused.push({ payload: slowPayload, outcome: 'slow client 503' });

      // The database goes on: every creation that was running is answered; the refused one left
      // nothing behind.
      await release();
      expect(
        await t.db.db.select().from(services).where(eq(services.id, slowPayload.serviceId)),
      ).toEqual([]);
      const exit = await exited;
      await until(() => runningAtSigterm.length === CLIENTS, 'the running creations to end');
      expect(runningAtSigterm).toEqual(Array.from({ length: CLIENTS }, () => 201));
      // Drained, not cut: the process ended before the drain deadline, with code 0.
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(exit.ms).toBeLessThan(DRAIN_DEADLINE_MS);

      await new Promise((resolve) => setTimeout(resolve, 500));
      stopping = true;
      await Promise.all(customers);
      expect(unexpected).toEqual([]);

      // Each request A refused, sent again to B with the same body, ends as one service.
      for (const { payload } of refused) {
        acknowledged.push(
          await createRetrying(
            { baseUrl: b.baseUrl, appKey: APP_KEY, accountId: HONDA_PR },
            payload,
          ),
        );
      }
      expect(acknowledged.length).toBeGreaterThan(CLIENTS * 2);
      await expectEachServiceOnce(b, acknowledged);
    } finally {
      stopping = true;
      await release();
      pools.a.destroy();
      pools.b.destroy();
      await a.close();
    }
  }, 60_000);
});

describe('SIGTERM while customers follow their service', () => {
  it('ends each stream with a short retry hint; the client resumes on B and misses nothing', async () => {
    const a = await startApiProcess(apiEnv('api-a'));
    const service = await createRetrying({
      baseUrl: b.baseUrl,
      appKey: APP_KEY,
      accountId: HONDA_PR,
    });
    const streamUrl = (base: string) =>
      eventsUrl(base, service.serviceId, { key: APP_KEY, token: service.token });
    /** Ids in the order the client received them, from A then from B. */
    const received: number[] = [];
    const receive = async (stream: SseStream, until: () => boolean) => {
      while (!until()) {
        const message = await stream.next(10_000);
        received.push(Number(message.id));
      }
    };

    // The driver's positions are written all along, by whichever replica the driver app reaches.
    let written = 1;
    const writing = { on: true, paused: false };
    let write: Promise<void> = Promise.resolve();
    const writer = (async () => {
      while (writing.on) {
        if (!writing.paused) {
          write = appendPositions(t.db, service.serviceId, 1).then(() => {
            written += 1;
          });
          await write;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    /** No position is written until `paused` is false again. */
    const pause = async () => {
      writing.paused = true;
      await write;
    };

    let onA: SseStream | undefined;
    let release = () => Promise.resolve();
    try {
      onA = await openStream(streamUrl(a.baseUrl));
      expect(onA.status).toBe(200);
      await receive(onA, () => received.length >= 10);

      // Another tab opens its stream when the deploy starts: its opening is under way (held at the
      // database) when SIGTERM comes.
      await pause();
      await receive(onA, () => received.at(-1) === written);
      release = await holdLock('service_events');
      const opening = openStream(streamUrl(a.baseUrl), { 'last-event-id': '1' });
      await until(async () => (await lockWaits('api-a')) >= 1, 'the second stream to open');

      const exited = a.stop('SIGTERM');
      // A clean end, after a retry hint short enough to come back at once (to another replica).
      expect(await onA.ended).toBe('end');
      expect(onA.retry).toBeLessThanOrEqual(SSE_SHUTDOWN_RETRY_MAX_MS);
      await release();
      writing.paused = false;
      const late = await opening;
      expect(late.status).toBe(200);
      expect(await late.ended).toBe('end');
      expect(late.retry).toBeLessThanOrEqual(SSE_SHUTDOWN_RETRY_MAX_MS);
      const exit = await exited;
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(exit.ms).toBeLessThan(DRAIN_DEADLINE_MS);

      // As EventSource does: wait the hint, reconnect (the load balancer picks B) with the last id.
      const lastFromA = received.at(-1) ?? 0;
      await new Promise((resolve) => setTimeout(resolve, onA?.retry ?? 0));
      // Positions were written while the client was between replicas.
      expect(written).toBeGreaterThan(lastFromA);
      const onB = await openStream(streamUrl(b.baseUrl), {
        'last-event-id': String(received.at(-1)),
      });
      try {
        expect(onB.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 500));
        writing.on = false;
        await writer;
        await receive(onB, () => received.at(-1) === written);
      } finally {
        onB.close();
      }
      // Every event once, in order: 1 (created), then each position written.
      expect(received).toEqual(Array.from({ length: written }, (_, i) => i + 1));
    } finally {
      await release();
      writing.on = false;
      writing.paused = false;
      await writer;
      onA?.close();
      await a.close();
    }
  }, 60_000);
});
