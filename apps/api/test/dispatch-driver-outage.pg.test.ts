import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { signInFleet, type FleetDriver } from './support/dispatch-fleet.ts';
import { startProxiedApp, type ProxiedApp } from './support/proxied-app.ts';

// The driver app's `GET /me` while PostgreSQL is away (decision 495, docs/decisions/760): 503 with
// Retry-After, plain or as a long poll, then 200 again in the same process. Runs on PostgreSQL
// only; the outage is made for one API process through a TCP proxy (as database-restart.pg.test.ts).

let t: TestApp;
let proxied: ProxiedApp;
let driver: FleetDriver;

beforeAll(async () => {
  t = await createTestApp({ config: { driverSimulator: false, dispatchEngine: false } });
  const [first] = await signInFleet(t);
  if (!first) throw new Error('fleet');
  driver = first;
  proxied = await startProxiedApp(t);
  await proxied.app.ready();
});

afterAll(async () => {
  await proxied.close();
  await t.close();
});

const me = (query = '') =>
  proxied.app.inject({
    method: 'GET',
    url: `/common/api/v1/driver-app/me${query}`,
    headers: driver.headers,
  });

describe('GET /me with the database down', () => {
  it('answers 503 with Retry-After, plain or as a long poll, and 200 once it is back', async () => {
    const before = await me();
    expect(before.statusCode).toBe(200);
    const version = before.json<{ version: string }>().version;

    await proxied.proxy.cut();
    try {
      for (const query of ['', `?wait=5&version=${version}`]) {
        const res = await me(query);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await proxied.proxy.restore();
    }

    const deadline = Date.now() + 15_000;
    let after = await me();
    while (after.statusCode !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await me();
    }
    expect(after.statusCode).toBe(200);
  });
});
