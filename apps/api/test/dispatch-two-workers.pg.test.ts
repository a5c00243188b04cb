import type { ChildProcess } from 'node:child_process';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOffers, serviceEvents, services } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  acceptOffersUntilAssigned,
  putLoadFleetOnline,
  startDispatchWorker,
  writeLoadRequests,
} from './support/dispatch-load.ts';
import { firstPrAccount } from './support/service-request-payload.ts';

// Runs only on PostgreSQL (apps/api/vitest.config.ts includes *.pg.test.ts when DATABASE_URL is
// set): two dispatch workers (`npm run worker`, src/worker.ts) as real OS processes on one database
// (docs/decisions/760). 1,000 requests, 1,000 online drivers who accept at once: every request is
// assigned exactly once, none is lost, no driver gets two.

const COUNT = 1000;

let t: TestApp;
let accountId: string;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { driverSimulator: false, dispatchEngine: false } });
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  for (const worker of workers) worker.kill('SIGTERM');
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.exitCode !== null || worker.signalCode !== null) resolve();
          else
            worker.once('exit', () => {
              resolve();
            });
        }),
    ),
  );
  await t.close();
});

function startWorker(): ChildProcess {
  const child = startDispatchWorker(t.config.databaseUrl ?? '');
  workers.push(child);
  return child;
}

describe('two dispatch workers on one PostgreSQL', () => {
  it('assigns 1,000 concurrent requests exactly once each, to 1,000 different drivers', async () => {
    const repos = t.app.repositories;
    // Only the test's fleet takes offers.
    await putLoadFleetOnline(t.db.db, 'load', COUNT);

    startWorker();
    startWorker();

    // 1,000 requests created at once through the one creation path (created event, dispatch due).
    const ids = await writeLoadRequests(repos, accountId, 'load', COUNT);

    // Each driver accepts the moment an offer reaches them.
    await acceptOffersUntilAssigned(t.db.db, repos, ids, { giveUpMs: 100_000, idleMs: 200 });

    const rows = await t.db.db
      .select({ id: services.id, status: services.status, driverId: services.driverId })
      .from(services)
      .where(inArray(services.id, ids));
    expect(rows).toHaveLength(COUNT);
    expect(rows.filter((row) => row.status !== 'Active' || !row.driverId)).toEqual([]);
    // No driver with two services.
    expect(new Set(rows.map((row) => row.driverId)).size).toBe(COUNT);
    // Assigned exactly once: one accepted offer and one `driver` event per request.
    const [accepted] = await t.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(dispatchOffers)
      .where(and(inArray(dispatchOffers.serviceId, ids), eq(dispatchOffers.state, 'accepted')));
    expect(accepted?.n).toBe(COUNT);
    const driverEvents = await t.db.db
      .select({ serviceId: serviceEvents.serviceId, n: sql<number>`count(*)::int` })
      .from(serviceEvents)
      .where(and(inArray(serviceEvents.serviceId, ids), eq(serviceEvents.type, 'driver')))
      .groupBy(serviceEvents.serviceId);
    expect(driverEvents).toHaveLength(COUNT);
    expect(driverEvents.every((row) => row.n === 1)).toBe(true);
    // Both workers are still running at the end: neither died on a lost race.
    expect(workers.every((worker) => worker.exitCode === null)).toBe(true);
  }, 180_000);
});
