// Child process of the API benchmarks: the real API (buildApp) on a fresh database, listening on a
// loopback port, so that the load generator runs in another process. PGlite in memory by default,
// PostgreSQL when BENCH_DATABASE_URL is set (reset first). One bench-only route,
// POST /bench/dispatch-next, does what the dispatcher does once and mints the driver's token, so a
// benchmark can play the driver over HTTP (decision 230: tokens are minted in process); and
// POST /bench/drivers adds a fleet of online drivers around San Juan, with their tokens. The dispatch
// engine is off unless DISPATCH_ENGINE says otherwise, so /bench/dispatch-next is the only dispatcher.
// With BENCH_REPLICA=true it joins the PostgreSQL database another one reset (a second replica).
// Prints one line `READY <baseUrl> <appKey>` when it listens.
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config/env.ts';
import { IN_MEMORY_DATA_DIR, openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase, resetDatabase } from '../../apps/api/src/db/migrate.ts';
import { drivers } from '../../apps/api/src/db/schema.ts';
import { seedDemoData } from '../../apps/api/src/db/seed/index.ts';
import { assignNextQueued } from '../../apps/api/src/services/dispatch.ts';
import { issueDriverToken } from '../../apps/api/src/services/driver-app.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const config = {
  // Thousands of requests a second from one IP: the rate limits (decision 471) are off here,
  // unless a benchmark turns them on to measure their cost (with a ceiling it never reaches).
  ...loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    // The benchmarks run on the demo data set, on purpose (decision 505).
    DEMO_MODE: 'true',
    PUBLIC_ORIGIN: 'http://127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ENABLED: process.env.RATE_LIMIT_ENABLED ?? 'false',
    DISPATCH_ENGINE: process.env.DISPATCH_ENGINE ?? 'false',
  }),
  host: '127.0.0.1',
  port: 0,
  databaseUrl,
  dataDir: IN_MEMORY_DATA_DIR,
  pgliteDir: IN_MEMORY_DATA_DIR,
  seedDemo: true,
  driverSimulator: false,
};
const db = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: IN_MEMORY_DATA_DIR });
const replica = process.env.BENCH_REPLICA === 'true';
if (db.kind === 'postgres' && !replica) await resetDatabase(db);
else await migrateDatabase(db);
await seedDemoData(db);

const app = await buildApp({ config, db, logger: false });
app.post('/bench/dispatch-next', async () => {
  const outcome = await assignNextQueued(app.repositories);
  const driverId = outcome?.service.driverId;
  if (!outcome || !driverId) return { serviceId: null, driverToken: null };
  const driverToken = await issueDriverToken(app.repositories, driverId);
  return { serviceId: outcome.service.id, driverToken };
});
app.post<{ Body: { count: number } }>('/bench/drivers', async (request) => {
  const count = Math.min(1000, Math.max(1, Math.trunc(request.body.count)));
  const rows = Array.from({ length: count }, (_, index) => ({
    id: `bench-driver-${String(index).padStart(4, '0')}`,
    branch: 'PR',
    name: `Bench Driver ${index + 1}`,
    email: `bench.driver.${index + 1}@flota.example`,
    phone: '+17875550199',
    iconset: 'car',
    vehicleType: 'service_car',
    status: 'available',
    online: true,
    // Scattered within about 5 km of San Juan.
    lastLat: 18.4655 + ((index % 20) - 10) * 0.004,
    lastLng: -66.1057 + (Math.floor(index / 20) - 5) * 0.004,
    lastSeenAt: new Date(),
  }));
  // The demo's own drivers have no phone here to answer: offers go to the bench fleet only.
  await db.db.update(drivers).set({ online: false });
  await db.db.insert(drivers).values(rows);
  const tokens: string[] = [];
  for (const row of rows) tokens.push(await issueDriverToken(app.repositories, row.id));
  return { tokens };
});
// The event loop's delays since the last reading (an embedded database's stalls show here).
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
app.post('/bench/loop-delay', () => {
  const figures = { maxMs: loopDelay.max / 1e6, p99Ms: loopDelay.percentile(99) / 1e6 };
  loopDelay.reset();
  return figures;
});
// Memory readings after a full collection (the child runs with --expose-gc).
app.post('/bench/gc', () => {
  globalThis.gc?.();
  return { rss: process.memoryUsage().rss };
});
app.addHook('onClose', () => db.close());
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
process.stdout.write(`READY http://127.0.0.1:${port} ${config.appKey}\n`);

const stop = (): void => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
