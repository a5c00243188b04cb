// Assignment throughput of the dispatch engine (docs/decisions/760) with two engine processes
// (`npm run worker`, apps/api/src/worker.ts) on one PostgreSQL, in the benchmark's own database
// (`auxilio_bench`, reset first). 1,000 requests are written at once through the service write path,
// 1,000 online drivers around San Juan accept each offer the moment it is made (this process plays
// them, through the same acceptOffer the driver API calls). Figure: requests assigned per second,
// from the first creation to the last assignment. Exits non-zero when a request is not assigned
// exactly once; prints "not measured" when no PostgreSQL answers.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { resetDatabase } from '../apps/api/src/db/migrate.ts';
import { accounts, services } from '../apps/api/src/db/schema.ts';
import { seedDemoData } from '../apps/api/src/db/seed/index.ts';
import { createRepositories } from '../apps/api/src/repositories/index.ts';
import {
  acceptOffersUntilAssigned,
  putLoadFleetOnline,
  startDispatchWorker,
  writeLoadRequests,
} from '../apps/api/test/support/dispatch-load.ts';
import { benchDatabaseUrl, POSTGRES_URL } from './support/bench-database.ts';
import { recordResult } from './support/results.ts';

const COUNT = 1000;
const WORKERS = 2;
const GIVE_UP_MS = 120_000;

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
await putLoadFleetOnline(db, 'bench', COUNT);

const workers = Array.from({ length: WORKERS }, () => startDispatchWorker(url));
// The workers' first tick (migrations already applied) before the clock starts.
await new Promise((resolve) => setTimeout(resolve, 3000));

const started = performance.now();
const ids = await writeLoadRequests(repos, account.id, 'bench', COUNT);
const createdMs = performance.now() - started;

const assigned = await acceptOffersUntilAssigned(db, repos, ids, {
  giveUpMs: GIVE_UP_MS,
  idleMs: 50,
});
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
