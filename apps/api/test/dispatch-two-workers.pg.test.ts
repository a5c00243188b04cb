import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOffers, drivers, serviceEvents, services } from '../src/db/schema.ts';
import { acceptOffer } from '../src/services/dispatch/offers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { firstPrAccount } from './support/service-request-payload.ts';

// Runs only on PostgreSQL (apps/api/vitest.config.ts includes *.pg.test.ts when DATABASE_URL is
// set): two dispatch workers (`npm run worker`, src/worker.ts) as real OS processes on one database
// (docs/decisions/760). 1,000 requests, 1,000 online drivers who accept at once: every request is
// assigned exactly once, none is lost, no driver gets two.

const WORKER = fileURLToPath(new URL('../src/worker.ts', import.meta.url));
const COUNT = 1000;
const SAN_JUAN = { lat: 18.4655, lng: -66.1057 };

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
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: {
      ...process.env,
      DATABASE_URL: t.config.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      DISPATCH_OFFER_SECONDS: '120',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  workers.push(child);
  return child;
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        if (item !== undefined) await work(item);
      }
    }),
  );
}

describe('two dispatch workers on one PostgreSQL', () => {
  it('assigns 1,000 concurrent requests exactly once each, to 1,000 different drivers', async () => {
    const repos = t.app.repositories;
    // Only the test's fleet takes offers.
    await t.db.db.update(drivers).set({ online: false });
    const fleet = Array.from({ length: COUNT }, (_, i) => ({
      id: `load-driver-${String(i).padStart(4, '0')}`,
      branch: 'PR',
      name: `Chofer ${String(i)}`,
      email: `chofer${String(i)}@flota.example`,
      phone: '787-555-0000',
      iconset: 'tow',
      vehicleType: 'tow_truck',
      status: 'available',
      online: true,
      lastLat: SAN_JUAN.lat + ((i % 40) - 20) * 0.002,
      lastLng: SAN_JUAN.lng + (Math.floor(i / 40) - 12) * 0.002,
    }));
    for (let i = 0; i < fleet.length; i += 200) {
      await t.db.db.insert(drivers).values(fleet.slice(i, i + 200));
    }

    startWorker();
    startWorker();

    // 1,000 requests created at once through the one creation path (created event, dispatch due).
    const ids = Array.from({ length: COUNT }, (_, i) => `load-svc-${String(i).padStart(4, '0')}`);
    const createdAt = new Date();
    await inParallel(ids, 25, async (id) => {
      const i = Number(id.slice(-4));
      await repos.services.createIdempotent({
        key: `load:${id}`,
        scope: 'load',
        requestHash: id,
        statusCode: 201,
        row: {
          id,
          accountId,
          branch: 'PR',
          situation: 'towBreakdown',
          serviceType: 'road',
          firstname: 'Ana',
          status: 'Queued',
          statusNumber: 1,
          tripStatus: 'NEW',
          tripStamps: { NEW: createdAt.toISOString() },
          tokenHash: `hash-${id}`,
          situationLat: SAN_JUAN.lat + ((i % 25) - 12) * 0.003,
          situationLng: SAN_JUAN.lng + (Math.floor(i / 25) - 20) * 0.003,
          dispatchAt: createdAt,
        },
        created: { status: 'Queued', statusNumber: 1, tripStatus: 'NEW' },
        respond: () => ({}),
      });
    });

    // Each driver accepts the moment an offer reaches them.
    const deadline = Date.now() + 100_000;
    let assigned = 0;
    while (assigned < COUNT && Date.now() < deadline) {
      const pending = await t.db.db
        .select({ id: dispatchOffers.id, driverId: dispatchOffers.driverId })
        .from(dispatchOffers)
        .where(eq(dispatchOffers.state, 'pending'));
      const byId = new Map(
        (
          await t.db.db
            .select()
            .from(drivers)
            .where(inArray(drivers.id, pending.map((offer) => offer.driverId).concat(['none'])))
        ).map((row) => [row.id, row]),
      );
      await inParallel(pending, 8, async (offer) => {
        const driver = byId.get(offer.driverId);
        if (driver) await acceptOffer(repos, driver, offer.id, new Date());
      });
      const [row] = await t.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(services)
        .where(and(inArray(services.id, ids), eq(services.status, 'Active')));
      assigned = row?.n ?? 0;
      if (pending.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }

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
    // Both workers dispatched: each offered some of the requests.
    expect(workers.every((worker) => worker.exitCode === null)).toBe(true);
  }, 180_000);
});
