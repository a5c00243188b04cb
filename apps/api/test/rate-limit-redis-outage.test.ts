import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config/env.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import {
  hasRedisServer,
  startOwnRedisServer,
  type OwnRedisServer,
} from './support/redis-server.ts';
import { capturedLogger } from './support/captured-logs.ts';

// A rate limiter never stalls the API (docs/decisions/492): with REDIS_URL set, a Redis that
// stops answering (paused, stopped) costs a request at most the store timeout, never an error;
// each replica counts in its own memory meanwhile, logs one warning per outage and one line when
// Redis answers again, and the budgets are then shared through Redis again. The test runs its own
// redis-server, so pausing and stopping it touches nothing else.

/** How long the paused Redis answers nothing: far longer than any read may take. */
const PAUSE_MS = 8000;

/**
 * What a read may take at the 99th percentile while Redis does not answer: the store gives up after
 * its timeout, so a read never waits for the 8 s pause. The bound proves it does not wait, with room
 * for a loaded 2-core machine; speed itself is measured by bench/, not here.
 */
const P99_BUDGET_MS = 2000;

interface Replica {
  app: FastifyInstance;
  lines: string[];
}

let redisServer: OwnRedisServer;
let database: TestApp;
let replicas: [Replica, Replica];
let appKey: Record<string, string>;

function limitedConfig(redisUrl: string): Partial<Config> {
  const base = testConfig();
  return {
    trustProxy: true,
    security: {
      ...base.security,
      rateLimit: {
        ...base.security.rateLimit,
        enabled: true,
        max: 3,
        lookupMax: 3,
        strictMax: 2,
        staticMax: 1000,
        redisUrl,
        // Half of the default (100 ms), so the test waits less for each read that gives up.
        redisTimeoutMs: 50,
        redisNamespace: `auxilio-rate-limit-outage-${randomUUID()}:`,
      },
    },
  };
}

/** An API replica on the shared test database, logging into `lines`. */
async function startReplica(config: Config): Promise<Replica> {
  const lines: string[] = [];
  const app = await buildApp({
    config,
    db: database.db,
    logger: capturedLogger(lines),
  });
  await app.ready();
  return { app, lines };
}

/** The rate-limit lines of a replica's log: level and message. */
function rateLimitLog(replica: Replica): { level: number; msg: string }[] {
  return replica.lines
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => /rate-limit/i.test(entry.msg));
}

const warnings = (replica: Replica) => rateLimitLog(replica).filter((entry) => entry.level === 40);
const recoveries = (replica: Replica) =>
  rateLimitLog(replica).filter((entry) => entry.level === 30 && /again/i.test(entry.msg));

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | undefined;
}

async function timed(replica: Replica, url: string, clientIp: string): Promise<Answer> {
  const startedAt = performance.now();
  const res = await replica.app.inject({
    method: 'GET',
    url,
    headers: { ...appKey, 'x-forwarded-for': clientIp },
  });
  const retryAfter = res.headers['retry-after'];
  return {
    status: res.statusCode,
    ms: performance.now() - startedAt,
    retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
  };
}

const READ_URL = '/common/services/types/all';
/** One of the lookups of decision 417, which share one limiter built with `app.rateLimit`. */
const LOOKUP_URL = '/common/api/v1/mmm/member/436516243/vehicle';

let clientCounter = 0;
/** A client address no other request of this file used. */
function freshClient(): string {
  clientCounter += 1;
  return `198.18.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}`;
}

function p99(answers: Answer[]): number {
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

/**
 * Reads from many clients on both replicas for `forMs`, a few every 50 ms whether or not the
 * earlier ones have been answered (as phones keep calling), so a stalled read shows in the timings.
 */
async function readsFromManyClients(forMs: number): Promise<Answer[]> {
  const pending: Promise<Answer>[] = [];
  const until = Date.now() + forMs;
  while (Date.now() < until) {
    for (let i = 0; i < 4; i += 1) {
      const replica = replicas[i % 2] as Replica;
      pending.push(timed(replica, i === 3 ? LOOKUP_URL : READ_URL, freshClient()));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Promise.all(pending);
}

/** One client's four reads on one replica: the budget of 3 still refuses the fourth. */
async function fourReads(replica: Replica, url: string): Promise<Answer[]> {
  const client = freshClient();
  const answers = [];
  for (let i = 0; i < 4; i += 1) answers.push(await timed(replica, url, client));
  return answers;
}

/** Reads until both replicas have logged that Redis answers again (or `timeoutMs` passes). */
async function untilBothRecovered(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (replicas.some((replica) => recoveries(replica).length === 0) && Date.now() < deadline) {
    for (const replica of replicas) await timed(replica, READ_URL, freshClient());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The budget is one for both replicas: counted in Redis, not in either process. */
async function expectSharedBudget(): Promise<void> {
  const client = freshClient();
  const answers = [];
  for (let i = 0; i < 4; i += 1) {
    answers.push(await timed(replicas[i % 2] as Replica, READ_URL, client));
  }
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
  expect(Number(answers[3]?.retryAfter)).toBeGreaterThan(0);
}

beforeAll(async () => {
  if (!hasRedisServer) return;
  redisServer = await startOwnRedisServer();
  database = await createTestApp();
  appKey = { 'x-api-key': database.config.appKey };
  const config = testConfig(limitedConfig(redisServer.url));
  replicas = [await startReplica(config), await startReplica(config)];
});
afterAll(async () => {
  if (!hasRedisServer) return;
  for (const replica of replicas) await replica.app.close();
  await database.close();
  await redisServer.stop();
});
beforeEach(() => {
  if (!hasRedisServer) return;
  for (const replica of replicas) replica.lines.length = 0;
});

describe.runIf(hasRedisServer)('a rate-limit Redis that does not answer', () => {
  it('paused: reads answer at once and never fail; limits count in each process, then in Redis again', async () => {
    await expectSharedBudget();

    const pauser = new Redis(redisServer.url);
    try {
      // A paused Redis keeps its connections open and answers nothing until the pause ends.
      await pauser.call('CLIENT', 'PAUSE', String(PAUSE_MS), 'ALL');
      const pauseEndsAt = Date.now() + PAUSE_MS;

      const [many, sameClient, sameLookupClient] = await Promise.all([
        readsFromManyClients(1500),
        fourReads(replicas[0], READ_URL),
        fourReads(replicas[1], LOOKUP_URL),
      ]);
      const all = [...sameClient, ...sameLookupClient, ...many];
      expect(p99(all)).toBeLessThan(P99_BUDGET_MS);
      expect(all.filter((answer) => answer.status >= 500)).toEqual([]);
      expect(many.every((answer) => answer.status === 200)).toBe(true);
      // All of it happened while Redis was paused.
      expect(Date.now()).toBeLessThan(pauseEndsAt);
      // Counting goes on in the process: the budget still holds, for reads and for lookups.
      expect(sameClient.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
      expect(Number(sameClient[3]?.retryAfter)).toBeGreaterThan(0);
      expect(sameLookupClient.map((answer) => answer.status === 429)).toEqual([
        false,
        false,
        false,
        true,
      ]);

      // Answers once the pause is over.
      await pauser.ping();
    } finally {
      pauser.disconnect();
    }
    await untilBothRecovered(5000);

    for (const replica of replicas) {
      expect(warnings(replica)).toHaveLength(1);
      expect(recoveries(replica)).toHaveLength(1);
    }
    await expectSharedBudget();
  });

  it('stopped and started again: reads never fail; limits are shared through Redis once it is back', async () => {
    await redisServer.stop();
    const [many, sameClient] = await Promise.all([
      readsFromManyClients(1000),
      fourReads(replicas[0], READ_URL),
    ]);
    const all = [...sameClient, ...many];
    expect(all.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(p99(all)).toBeLessThan(P99_BUDGET_MS);
    expect(sameClient.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);

    await redisServer.start();
    await untilBothRecovered(10_000);
    for (const replica of replicas) {
      expect(warnings(replica)).toHaveLength(1);
      expect(recoveries(replica)).toHaveLength(1);
    }
    await expectSharedBudget();
  });
});
