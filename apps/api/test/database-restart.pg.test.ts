import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createService, postCancellation } from './support/journey-service.ts';
import { appendPositions, eventsUrl, openStream } from './support/service-stream.ts';
import { firstPrAccount } from './support/service-request-payload.ts';
import { startProxiedApp, type ProxiedApp } from './support/proxied-app.ts';
import { bearerHeaders } from './support/api-target.ts';

// The server survives a database restart (PostgreSQL) and answers again without being restarted
// itself (docs/reliability.md). Runs only on PostgreSQL (apps/api/vitest.config.ts includes *.pg.test.ts when
// DATABASE_URL is set). The shared server cannot be restarted (other suites use it), so the outage
// is simulated for one API process: it reaches PostgreSQL through a TCP proxy that drops every
// connection and refuses new ones, then accepts them again.

/** How fast an answer must come while the database is down: no waiting on dead connections. */
const DOWN_ANSWER_BUDGET_MS = 5_000;
/** How long the database stays away. */
const OUTAGE_MS = 3_000;

let t: TestApp;
let proxied: ProxiedApp;
let baseUrl: string;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  accountId = await firstPrAccount(t.db);
  proxied = await startProxiedApp(t);
  baseUrl = await proxied.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await proxied.close();
  await t.close();
});

async function ready() {
  return proxied.app.inject({ method: 'GET', url: '/ready' });
}

/** Polls /ready until it answers 200 (the pool reconnects on demand); fails after `ms`. */
async function readyWithin(ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await ready();
    if (res.statusCode === 200) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`still ${res.statusCode} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('PostgreSQL goes away and comes back', () => {
  it('answers 503 quickly while the database is down, and 200 again in the same process after', async () => {
    // Before: reads, writes and the LISTEN connection of the event bus are up.
    expect((await ready()).statusCode).toBe(200);
    const before = await createService(proxied.app, accountId);
    const firstStream = await openStream(
      eventsUrl(baseUrl, before.id, { key: t.config.appKey, token: before.token }),
    );
    expect(await firstStream.next()).toMatchObject({ id: '1', event: 'created' });
    firstStream.close();

    // Down: every connection dropped, new ones refused.
    await proxied.proxy.cut();
    const started = Date.now();
    const down = await ready();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'UNAVAILABLE' });
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    // The process itself is alive: liveness stays green, so nothing restarts it.
    expect((await proxied.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const write = await postCancellation(proxied.app, before.id, before.token);
    expect(write.statusCode, write.body).toBe(503);
    expect(write.json()).toMatchObject({ code: 'UNAVAILABLE' });
    expect(Number(write.headers['retry-after'])).toBeGreaterThan(0);
    const stream = await openStream(
      eventsUrl(baseUrl, before.id, { key: t.config.appKey, token: before.token }),
    );
    expect(stream.status).toBe(503);
    stream.close();
    expect(Date.now() - started).toBeLessThan(DOWN_ANSWER_BUDGET_MS);
    const acceptedWhileUp = proxied.proxy.accepted();
    // Down for a while, as a restart is: long enough for every reconnection attempt to fail.
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    expect((await ready()).statusCode).toBe(503);

    // Back: the same process answers again, reads and writes, through new connections.
    await proxied.proxy.restore();
    await readyWithin(10_000);
    expect(proxied.proxy.accepted()).toBeGreaterThan(acceptedWhileUp);
    const after = await createService(proxied.app, accountId);
    const read = await proxied.app.inject({
      method: 'GET',
      url: `/common/services/${after.id}`,
      headers: bearerHeaders(t, after.token),
    });
    expect(read.statusCode).toBe(200);

    // LISTEN resumed: an event written by another process after the restore reaches a new
    // subscriber of this one.
    const live = await openStream(
      eventsUrl(baseUrl, after.id, { key: t.config.appKey, token: after.token }),
    );
    try {
      expect(live.status).toBe(200);
      expect(await live.next()).toMatchObject({ id: '1', event: 'created' });
      await appendPositions(t.db, after.id, 1);
      expect(await live.next(10_000)).toMatchObject({ id: '2', event: 'position' });
    } finally {
      live.close();
    }
  }, 60_000);
});
