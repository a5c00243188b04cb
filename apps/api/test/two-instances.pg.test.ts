import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import {
  appendPositions,
  cancelService,
  createService,
  eventsUrl,
  openStream,
} from './support/service-stream.ts';
import { firstPrAccount } from './support/service-request-payload.ts';

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

// ARCHITECTURE decision 4 / issue 4 "Multi-instance": two API instances, each with its own
// connection pool and LISTEN, on one PostgreSQL.
describe('two API instances on one PostgreSQL', () => {
  it('delivers an event written through instance A to a subscriber of instance B', async () => {
    const config = testConfig();
    const dbB = await openDatabase({ url: config.databaseUrl });
    const appB = await buildApp({ config, db: dbB, logger: false });
    try {
      const urlB = await appB.listen({ port: 0, host: '127.0.0.1' });
      const { serviceId, token } = await createService(t.app, accountId);
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
});
