import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { signInFleet, type FleetDriver } from './support/dispatch-fleet.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

// The driver app's `GET /me` while PostgreSQL is away (decision 495, docs/decisions/760): 503 with
// Retry-After, plain or as a long poll, then 200 again in the same process. Runs on PostgreSQL
// only; the outage is made for one API process through a TCP proxy (as database-restart.pg.test.ts).

let t: TestApp;
let proxy: TcpProxy;
let proxiedDb: DatabaseHandle;
let app: FastifyInstance;
let driver: FleetDriver;

beforeAll(async () => {
  t = await createTestApp({ config: { driverSimulator: false, dispatchEngine: false } });
  const [first] = await signInFleet(t);
  if (!first) throw new Error('fleet');
  driver = first;
  const url = new URL(t.config.databaseUrl ?? '');
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  proxiedDb = await openDatabase({ url: url.toString() });
  app = await buildApp({
    config: { ...t.config, databaseUrl: url.toString() },
    db: proxiedDb,
    logger: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await proxiedDb.close();
  await proxy.close();
  await t.close();
});

const me = (query = '') =>
  app.inject({
    method: 'GET',
    url: `/common/api/v1/driver-app/me${query}`,
    headers: driver.headers,
  });

describe('GET /me with the database down', () => {
  it('answers 503 with Retry-After, plain or as a long poll, and 200 once it is back', async () => {
    const before = await me();
    expect(before.statusCode).toBe(200);
    const version = before.json<{ version: string }>().version;

    await proxy.cut();
    try {
      for (const query of ['', `?wait=5&version=${version}`]) {
        const res = await me(query);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await proxy.restore();
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
