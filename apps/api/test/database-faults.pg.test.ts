import { ServiceSchema } from '@auxilio/domain';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { services } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { startApiProcess, type ApiProcess } from './support/api-process.ts';
import { createRetrying, createUnderLoad, type CreationLoad } from './support/creation-load.ts';
import { eventsUrl, openStream, type SseStream } from './support/service-stream.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './support/throwaway-postgres.ts';
import { HONDA_PR } from './support/demo-accounts.ts';
import { cancellationPayload } from './support/service-request-payload.ts';

// Decision 495: a real API process whose PostgreSQL connections die under load (terminated by the
// server, or the server restarted) stays up, answers 503 with Retry-After meanwhile, and recovers by
// itself: every service a customer was told was created exists exactly once and its token reads it;
// a stream opened before the fault delivers the status change written after it. Runs on PostgreSQL
// only (*.pg.test.ts); faults are made only on connections and servers this test owns.

/** Honda in Puerto Rico charges no fee: creations need no payment. */
const APP_KEY = 'auxilio-demo-public-app-key';
const CLIENTS = 8;

function apiEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: 'memory://',
    DRIVER_SIMULATOR: 'false',
    RATE_LIMIT_ENABLED: 'false',
    APP_KEY,
    LOG_LEVEL: 'error',
  };
}

const headers = (token?: string) => ({
  'x-api-key': APP_KEY,
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/** Retries a call through 503s and refused connections (the PWA's behaviour) until it answers. */
async function untilAnswered(call: () => Promise<Response>, ms = 30_000): Promise<Response> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const response = await call();
      if (response.status !== 503) return response;
    } catch {
      // Refused or reset while the database is away: the PWA tries again.
    }
    if (Date.now() > deadline) throw new Error('no answer but 503 in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A service created before the fault, followed on its stream. */
async function followedService(api: ApiProcess) {
  const service = await createRetrying({
    baseUrl: api.baseUrl,
    appKey: APP_KEY,
    accountId: HONDA_PR,
  });
  const stream = await openStream(
    eventsUrl(api.baseUrl, service.serviceId, { key: APP_KEY, token: service.token }),
  );
  expect(stream.status).toBe(200);
  expect(await stream.next()).toMatchObject({ event: 'created' });
  return { service, stream };
}

/** After the fault: cancelling the followed service reaches its stream opened before. */
async function expectStatusOnStream(
  api: ApiProcess,
  followed: { service: { serviceId: string; token: string }; stream: SseStream },
) {
  const { service, stream } = followed;
  const cancelled = await untilAnswered(() =>
    fetch(`${api.baseUrl}/common/services/holdEdit`, {
      method: 'POST',
      headers: headers(service.token),
      body: JSON.stringify(cancellationPayload(service.serviceId)),
    }),
  );
  expect(cancelled.status).toBe(200);
  for (;;) {
    const message = await stream.next(20_000);
    if (message.event === 'status') {
      expect(message.data).toMatchObject({ status: 'Void' });
      break;
    }
  }
  stream.close();
}

/** Every acknowledged service exists exactly once, and its token reads it through the API. */
async function expectEveryServiceOnce(api: ApiProcess, db: DatabaseHandle, load: CreationLoad) {
  expect(load.acknowledged.length).toBeGreaterThan(CLIENTS);
  const ids = load.acknowledged.map((service) => service.serviceId);
  expect(new Set(ids).size).toBe(ids.length);
  const rows = await db.db
    .select({ id: services.id })
    .from(services)
    .where(inArray(services.id, ids));
  expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
  for (const { serviceId, token } of load.acknowledged) {
    const read = await untilAnswered(() =>
      fetch(`${api.baseUrl}/common/services/${serviceId}`, { headers: headers(token) }),
    );
    expect(read.status, serviceId).toBe(200);
    expect(ServiceSchema.parse(await read.json())._id).toBe(serviceId);
  }
  // Whatever failed meanwhile told the client when to come back.
  expect(load.failures.get('503 without Retry-After') ?? 0).toBe(0);
}

/** Runs the load for `ms`, making `fault` happen once after `faultAfterMs`. */
async function loadThrough(api: ApiProcess, fault: () => Promise<void>, faultAfterMs = 1_500) {
  let stopping = false;
  const load = createUnderLoad({
    baseUrl: api.baseUrl,
    appKey: APP_KEY,
    accountId: HONDA_PR,
    clients: CLIENTS,
    stop: () => stopping,
  });
  await new Promise((resolve) => setTimeout(resolve, faultAfterMs));
  await fault();
  // Keep creating after the fault until the API has recovered and served more.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  stopping = true;
  return load;
}

describe('PostgreSQL connections lost under load', () => {
  let t: TestApp;
  let api: ApiProcess;

  beforeAll(async () => {
    t = await createTestApp();
    // The process's connections are named, so that the test cuts only those.
    const url = new URL(t.config.databaseUrl ?? '');
    url.searchParams.set('application_name', 'api-under-fault');
    api = await startApiProcess(apiEnv(url.toString()));
  });
  afterAll(async () => {
    await api.close();
    await t.close();
  });

  it('terminated by the server: the process stays up, loses nothing, streams resume', async () => {
    const followed = await followedService(api);
    const terminate = async () => {
      // Twice: pooled connections, the LISTEN connection and the ones opened in between.
      for (let i = 0; i < 2; i += 1) {
        await t.db.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'api-under-fault'`,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    };
    const load = await loadThrough(api, terminate);
    expect((await fetch(`${api.baseUrl}/health`)).status).toBe(200);
    await expectEveryServiceOnce(api, t.db, load);
    await expectStatusOnStream(api, followed);
  }, 120_000);
});

describe('PostgreSQL restarted under load', () => {
  let pg: ThrowawayPostgres;
  let api: ApiProcess;
  let db: DatabaseHandle;

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    api = await startApiProcess(apiEnv(pg.url));
    db = await openDatabase({ url: pg.url });
  });
  afterAll(async () => {
    await api.close();
    await db.close();
    await pg.stop();
  });

  it('the process stays up, answers 503 with Retry-After while down, then loses nothing', async () => {
    const followed = await followedService(api);
    let readyWhileDown = 0;
    const restart = async () => {
      const restarted = pg.restart(2_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const ready = await fetch(`${api.baseUrl}/ready`);
      readyWhileDown = ready.status;
      expect(Number(ready.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await fetch(`${api.baseUrl}/health`)).status).toBe(200);
      await restarted;
    };
    const load = await loadThrough(api, restart);
    expect(readyWhileDown).toBe(503);
    expect(load.failures.get('503') ?? 0).toBeGreaterThan(0);
    const ready = await untilAnswered(() => fetch(`${api.baseUrl}/ready`));
    expect(ready.status).toBe(200);
    await expectEveryServiceOnce(api, db, load);
    await expectStatusOnStream(api, followed);
  }, 180_000);
});
