// Assignment throughput of the dispatch engine (docs/decisions/760) with two engine processes
// (`npm run worker`, apps/api/src/worker.ts) on one PostgreSQL, in the benchmark's own database
// (`auxilio_bench`, reset first). 1,000 requests are written at once through the service write path,
// 1,000 online drivers around San Juan accept each offer the moment it is made (this process plays
// them, through the same acceptOffer the driver API calls). Figure: requests assigned per second,
// from the first creation to the last assignment. Exits non-zero when a request is not assigned
// exactly once; prints "not measured" when no PostgreSQL answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { resetDatabase } from '../apps/api/src/db/migrate.ts';
import { accounts, dispatchOffers, drivers, services } from '../apps/api/src/db/schema.ts';
import { seedDemoData } from '../apps/api/src/db/seed/index.ts';
import { createRepositories } from '../apps/api/src/repositories/index.ts';
import { acceptOffer } from '../apps/api/src/services/dispatch/offers.ts';
import { benchDatabaseUrl, POSTGRES_URL } from './support/bench-database.ts';
import { recordResult } from './support/results.ts';

const COUNT = 1000;
const WORKERS = 2;
const SAN_JUAN = { lat: 18.4655, lng: -66.1057 };
const WORKER = fileURLToPath(new URL('../apps/api/src/worker.ts', import.meta.url));
const GIVE_UP_MS = 120_000;

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

const url = await benchDatabaseUrl();
if (!url) {
  console.log(
    `Dispatch throughput: PostgreSQL not reachable at ${new URL(POSTGRES_URL).host}, not measured`,
  );
  recordResult('dispatch-throughput', { database: null });
  process.exit(0);
}

const handle = await openDatabase({ url });
await resetDatabase(handle);
await seedDemoData(handle);
const { db } = handle;
const repos = createRepositories(db);
const [account] = await db
  .select({ id: accounts.id })
  .from(accounts)
  .where(eq(accounts.branch, 'PR'))
  .orderBy(asc(accounts.id))
  .limit(1);
if (!account) throw new Error('the demo seed has no Puerto Rico account');

// Only the benchmark's fleet takes offers.
await db.update(drivers).set({ online: false });
const fleet = Array.from({ length: COUNT }, (_, i) => ({
  id: `bench-fleet-${String(i).padStart(4, '0')}`,
  branch: 'PR',
  name: `Bench Driver ${String(i)}`,
  email: `bench.fleet.${String(i)}@flota.example`,
  phone: '+17875550199',
  iconset: 'tow',
  vehicleType: 'tow_truck',
  status: 'available',
  online: true,
  lastLat: SAN_JUAN.lat + ((i % 40) - 20) * 0.002,
  lastLng: SAN_JUAN.lng + (Math.floor(i / 40) - 12) * 0.002,
}));
for (let i = 0; i < fleet.length; i += 200)
  await db.insert(drivers).values(fleet.slice(i, i + 200));

const workers: ChildProcess[] = Array.from({ length: WORKERS }, () =>
  spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', DISPATCH_OFFER_SECONDS: '120' },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
);
// The workers' first tick (migrations already applied) before the clock starts.
await new Promise((resolve) => setTimeout(resolve, 3000));

const ids = Array.from({ length: COUNT }, (_, i) => `bench-svc-${String(i).padStart(4, '0')}`);
const started = performance.now();
const createdAt = new Date();
await inParallel(ids, 25, async (id) => {
  const i = Number(id.slice(-4));
  await repos.services.createIdempotent({
    key: `bench:${id}`,
    scope: 'bench',
    requestHash: id,
    statusCode: 201,
    row: {
      id,
      accountId: account.id,
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
const createdMs = performance.now() - started;

let assigned = 0;
const deadline = performance.now() + GIVE_UP_MS;
while (assigned < COUNT && performance.now() < deadline) {
  const pending = await db
    .select({ offer: dispatchOffers, driver: drivers })
    .from(dispatchOffers)
    .innerJoin(drivers, eq(drivers.id, dispatchOffers.driverId))
    .where(eq(dispatchOffers.state, 'pending'));
  await inParallel(pending, 8, async ({ offer, driver }) => {
    await acceptOffer(repos, driver, offer.id, new Date());
  });
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(services)
    .where(and(inArray(services.id, ids), eq(services.status, 'Active')));
  assigned = row?.n ?? 0;
  if (pending.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
}
const elapsedMs = performance.now() - started;

const rows = await db
  .select({ driverId: services.driverId })
  .from(services)
  .where(and(inArray(services.id, ids), eq(services.status, 'Active')));
const distinctDrivers = new Set(rows.map((row) => row.driverId)).size;
for (const worker of workers) worker.kill('SIGTERM');
await handle.close();

const perSecond = (assigned / elapsedMs) * 1000;
const exactlyOnce = assigned === COUNT && distinctDrivers === COUNT;
console.log(
  `Dispatch throughput, ${WORKERS} engine processes on PostgreSQL: ${COUNT} requests (written in ${createdMs.toFixed(0)} ms), ${assigned} assigned in ${(elapsedMs / 1000).toFixed(1)} s = ${perSecond.toFixed(0)} assignments/s; ${distinctDrivers} distinct drivers ${exactlyOnce ? 'ok' : 'NOT EXACTLY ONCE'}`,
);
recordResult('dispatch-throughput', {
  database: 'postgres',
  workers: WORKERS,
  requests: COUNT,
  assigned,
  distinctDrivers,
  elapsedMs: Math.round(elapsedMs),
  perSecond: Math.round(perSecond),
});
process.exitCode = exactlyOnce ? 0 : 1;
