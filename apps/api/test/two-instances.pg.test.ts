import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import { cancelService, createService } from './support/journey-service.ts';
import { appendPositions, eventsUrl, openStream } from './support/service-stream.ts';
import { firstPrAccount, servicePayload } from './support/service-request-payload.ts';
import { startApiProcess } from './support/api-process.ts';
import { assignNextQueued } from '../src/services/dispatch.ts';
import { issueDriverToken } from '../src/services/driver-app.ts';

// Runs only on PostgreSQL (apps/api/vitest.config.ts includes *.pg.test.ts when DATABASE_URL is set):
// PGlite lives inside one process, so two instances cannot share it.

let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  await t.close();
});

// ARCHITECTURE decision 4, several instances: two API instances, each with its own
// connection pool and LISTEN, on one PostgreSQL.
describe('two API instances on one PostgreSQL', () => {
  it('delivers an event written through instance A to a subscriber of instance B', async () => {
    const config = testConfig();
    const dbB = await openDatabase({ url: config.databaseUrl });
    const appB = await buildApp({ config, db: dbB, logger: false });
    try {
      const urlB = await appB.listen({ port: 0, host: '127.0.0.1' });
      const { id: serviceId, token } = await createService(t.app, accountId);
      const stream = await openStream(eventsUrl(urlB, serviceId, { key: config.appKey, token }));
      try {
        expect(await stream.next()).toMatchObject({ id: '1', event: 'created' });
        await cancelService(t.app, serviceId, token);
        expect(await stream.next()).toMatchObject({ id: '2', event: 'status' });
        await appendPositions(t.db, serviceId, 5);
        const ids: string[] = [];
        for (let i = 0; i < 5; i += 1) ids.push((await stream.next()).id ?? '');
        expect(ids).toEqual(['3', '4', '5', '6', '7']);
      } finally {
        stream.close();
      }
    } finally {
      await appB.close();
      await dbB.close();
    }
  });

  it('a stream on API process B receives the driver updates posted to API process A', async () => {
    const config = testConfig();
    const env = {
      DATABASE_URL: config.databaseUrl ?? '',
      SEED_DEMO: 'false',
      DRIVER_SIMULATOR: 'false',
      RATE_LIMIT_ENABLED: 'false',
    };
    const [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    try {
      const headers = { 'content-type': 'application/json', 'x-api-key': config.appKey };
      const payload = servicePayload(accountId);
      const created = await fetch(`${a.baseUrl}/common/api/v1/service-requests`, {
        method: 'POST',
        headers,
        body: JSON.stringify(payload),
      });
      expect(created.status).toBe(201);
      const { token } = (await created.json()) as { token: string };

      // What the dispatcher does, then the driver's own token (decision 230).
      const assigned = await assignNextQueued(t.app.repositories);
      expect(assigned?.service.id).toBe(payload.serviceId);
      const driverToken = await issueDriverToken(
        t.app.repositories,
        assigned?.service.driverId ?? '',
      );
      const driver = { ...headers, authorization: `Bearer ${driverToken}` };

      const stream = await openStream(
        eventsUrl(b.baseUrl, payload.serviceId, { key: config.appKey, token }),
      );
      try {
        const seen: string[] = [];
        const nextOfType = async (type: string) => {
          for (;;) {
            const message = await stream.next(10_000);
            seen.push(message.event);
            if (message.event === type) return message;
          }
        };
        await nextOfType('driver');
        const accept = await fetch(
          `${a.baseUrl}/common/api/v1/driver-app/services/${payload.serviceId}/accept`,
          { method: 'POST', headers: driver, body: '{}' },
        );
        expect(accept.status).toBe(200);
        const position = await fetch(`${a.baseUrl}/common/api/v1/driver-app/position`, {
          method: 'POST',
          headers: driver,
          body: JSON.stringify({ lat: 18.45, lng: -66.05, heading: 90, accuracy: 5 }),
        });
        expect(position.status).toBe(200);
        expect((await nextOfType('position')).data).toMatchObject({ lat: 18.45, lng: -66.05 });
        expect(seen).toContain('trip');
      } finally {
        stream.close();
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
