// Service-creation latency, what a customer waits for after "Solicitar servicio": POST
// /common/api/v1/service-requests as the PWA sends it, one after another and then 10 at a time, on
// the embedded PGlite and on PostgreSQL when one is reachable (in a database of its own,
// `auxilio_bench`, which the run resets). Prints p50/p99.
import { postServiceRequest, testServicePayload } from '../e2e/support/services.ts';
import { benchDatabaseUrl, POSTGRES_URL } from './support/bench-database.ts';
import { startChildServer } from './support/child-server.ts';
import { recordResult } from './support/results.ts';

const SEQUENTIAL = Number(process.env.BENCH_CREATIONS ?? 200);
const CONCURRENCY = 10;

interface Figures {
  p50Ms: number;
  p99Ms: number;
  concurrentP50Ms: number;
  concurrentP99Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** The creation alone: the payment the request names is made before the clock starts. */
async function timedCreation(baseUrl: string, appKey: string): Promise<number> {
  const payload = await testServicePayload({ baseUrl, appKey });
  const started = performance.now();
  await postServiceRequest({ baseUrl, appKey }, payload);
  return performance.now() - started;
}

async function measure(env: Record<string, string>): Promise<Figures> {
  const api = await startChildServer('./api-server.ts', { ...env, RATE_LIMIT_ENABLED: 'false' });
  const [appKey = ''] = api.extra;
  try {
    for (let i = 0; i < 20; i += 1) await timedCreation(api.baseUrl, appKey); // warm-up
    const sequential: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i += 1)
      sequential.push(await timedCreation(api.baseUrl, appKey));
    const concurrent: number[] = [];
    for (let i = 0; i < SEQUENTIAL / CONCURRENCY; i += 1) {
      concurrent.push(
        ...(await Promise.all(
          Array.from({ length: CONCURRENCY }, () => timedCreation(api.baseUrl, appKey)),
        )),
      );
    }
    sequential.sort((a, b) => a - b);
    concurrent.sort((a, b) => a - b);
    return {
      p50Ms: Number(percentile(sequential, 50).toFixed(1)),
      p99Ms: Number(percentile(sequential, 99).toFixed(1)),
      concurrentP50Ms: Number(percentile(concurrent, 50).toFixed(1)),
      concurrentP99Ms: Number(percentile(concurrent, 99).toFixed(1)),
    };
  } finally {
    await api.close();
  }
}

const line = (name: string, f: Figures) =>
  `${name}: p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms one at a time; p50 ${f.concurrentP50Ms} ms, p99 ${f.concurrentP99Ms} ms ${CONCURRENCY} at a time`;

const pglite = await measure({});
console.log(`Service creation (${SEQUENTIAL} requests each way)`);
console.log(line('PGlite (embedded)', pglite));
const url = await benchDatabaseUrl();
const postgresFigures = url ? await measure({ BENCH_DATABASE_URL: url }) : undefined;
console.log(
  postgresFigures
    ? line(`PostgreSQL (${new URL(POSTGRES_URL).host})`, postgresFigures)
    : `PostgreSQL: not reachable at ${new URL(POSTGRES_URL).host}, not measured`,
);
recordResult('service-creation', {
  requests: SEQUENTIAL,
  concurrency: CONCURRENCY,
  pglite,
  postgres: postgresFigures ?? null,
});
