// Position ingestion at scale (issue "Scale"): drivers on their trips post positions through the
// driver-app API (`POST /common/api/v1/driver-app/position`) while customers' phones hold the
// services' event streams. Two parts, each API in its own process:
// 1. Throughput, on PGlite and on PostgreSQL: as many positions as the API takes for 10 s from 50
//    drivers; positions answered per second, the API's CPU time per position (from /proc), and the
//    longest stall of its event loop (an embedded database's work blocks it).
// 2. Fan-out, on PostgreSQL: STREAMS event streams over SERVICES services, positions posted at
//    stepped rates; per step, the rate reached and the time from each POST to each stream receiving
//    its event (p50/p99). The highest rate held with p99 <= 250 ms is the figure of the issue.
//    During the 250/s and 500/s steps, STATUS_SERVICES drivers also move their trips on (on route,
//    then arrived), spread over the step: the time from each status POST to each of the service's
//    streams receiving the trip event is the "status change to screen under that load" figure
//    (p95, budget 250 ms).
// 3. Across replicas, on PostgreSQL: two API processes on one database; positions posted to the
//    first, REPLICA_STREAMS streams held on the second (the production shape, decision 780).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { IncomingMessage } from 'node:http';
import autocannon from 'autocannon';
import { createTestService } from '../e2e/support/services.ts';
import { benchDatabaseUrl } from './support/bench-database.ts';
import { startChildServer, type ChildServer } from './support/child-server.ts';
import { openPositionStream } from './support/position-stream.ts';
import { recordResult } from './support/results.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const THROUGHPUT_DRIVERS = 50;
const SERVICES = Number(process.env.BENCH_INGEST_SERVICES ?? 1000);
const STREAMS = Number(process.env.BENCH_INGEST_STREAMS ?? 19_000);
const RATES = (process.env.BENCH_INGEST_RATES ?? '100,250,500,1000,2000').split(',').map(Number);
const REPLICA_SERVICES = 100;
const REPLICA_STREAMS = 2000;
const REPLICA_RATES = [100, 250];
const P99_BUDGET_MS = 250;
/** The trip status the drivers move to during a step of that rate. */
const STATUS_AT_RATE: Record<number, 'ON_ROUTE' | 'ARRIVED'> = { 250: 'ON_ROUTE', 500: 'ARRIVED' };
const STATUS_SERVICES = 50;
const STATUS_P95_BUDGET_MS = 250;
/** Each POST's latitude carries its sequence number, so a stream knows which POST it answers. */
const LAT_BASE = 18.3;
const LAT_STEP = 1e-7;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** CPU time (user + system) of a process so far, in milliseconds. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function benchPost<T>(api: ChildServer, path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

interface Trip {
  serviceId: string;
  serviceToken: string;
  driverToken: string;
}

/** `count` services, each assigned to its own driver of the bench fleet, who has accepted it. */
async function tripsOn(api: ChildServer, appKey: string, count: number): Promise<Trip[]> {
  await benchPost(api, '/bench/drivers', { count });
  const serviceTokens = new Map<string, string>();
  for (let i = 0; i < count; i += 1) {
    const service = await createTestService({ baseUrl: api.baseUrl, appKey });
    serviceTokens.set(service.serviceId, service.token);
  }
  const trips: Trip[] = [];
  for (let i = 0; i < count; i += 1) {
    const { serviceId, driverToken } = await benchPost<{
      serviceId: string | null;
      driverToken: string | null;
    }>(api, '/bench/dispatch-next');
    if (!serviceId || !driverToken) throw new Error(`only ${i} of ${count} services dispatched`);
    const accepted = await fetch(
      `${api.baseUrl}/common/api/v1/driver-app/services/${serviceId}/accept`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': appKey,
          authorization: `Bearer ${driverToken}`,
        },
        body: '{}',
      },
    );
    if (!accepted.ok) throw new Error(`accept answered ${accepted.status}`);
    trips.push({ serviceId, driverToken, serviceToken: serviceTokens.get(serviceId) ?? '' });
  }
  return trips;
}

interface Posting {
  /** Called with each POST's sequence number as it is sent. */
  onSend?: (seq: number) => void;
  rate?: number;
  connections: number;
}

/** Positions from `trips`' drivers for DURATION_S; each connection cycles through its drivers. */
async function postPositions(
  api: ChildServer,
  appKey: string,
  trips: Trip[],
  posting: Posting,
): Promise<autocannon.Result> {
  let seq = 0;
  let nextConnection = 0;
  return autocannon({
    url: `${api.baseUrl}/common/api/v1/driver-app/position`,
    method: 'POST',
    connections: posting.connections,
    duration: DURATION_S,
    ...(posting.rate ? { overallRate: posting.rate } : {}),
    requests: [
      {
        setupRequest: (req, context: { first?: number; turn?: number }) => {
          context.first ??= nextConnection++;
          context.turn = (context.turn ?? 0) + 1;
          const trip = trips[(context.first + context.turn * posting.connections) % trips.length];
          seq += 1;
          posting.onSend?.(seq);
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              'x-api-key': appKey,
              authorization: `Bearer ${trip?.driverToken ?? ''}`,
            },
            body: JSON.stringify({
              lat: LAT_BASE + seq * LAT_STEP,
              lng: -66.07,
              heading: 90,
              accuracy: 5,
            }),
          };
        },
      },
    ],
  });
}

interface Throughput {
  positionsPerSecond: number;
  cpuMsPerPosition: number;
  p99Ms: number;
  loopMaxMs: number;
  failures: number;
  /** Of the failures, POSTs not answered within autocannon's 10 s. */
  timeouts: number;
}

async function throughput(env: Record<string, string>): Promise<Throughput> {
  const api = await startChildServer('./api-server.ts', { ...env, RATE_LIMIT_ENABLED: 'false' });
  const [appKey = ''] = api.extra;
  try {
    const trips = await tripsOn(api, appKey, THROUGHPUT_DRIVERS);
    await postPositions(api, appKey, trips, { connections: THROUGHPUT_DRIVERS, rate: 100 });
    await benchPost(api, '/bench/loop-delay');
    const before = cpuMs(api.pid);
    const result = await postPositions(api, appKey, trips, { connections: THROUGHPUT_DRIVERS });
    const cpu = cpuMs(api.pid) - before;
    const loop = await benchPost<{ maxMs: number }>(api, '/bench/loop-delay');
    return {
      positionsPerSecond: Math.round(result.requests.average),
      cpuMsPerPosition: Number((cpu / Math.max(1, result.requests.total)).toFixed(2)),
      p99Ms: result.latency.p99,
      loopMaxMs: Math.round(loop.maxMs),
      failures: result.non2xx + result.errors,
      timeouts: result.timeouts,
    };
  } finally {
    await api.close();
  }
}

interface Step {
  targetRate: number;
  postedPerSecond: number;
  failures: number;
  deliveries: number;
  missing: number;
  p50Ms: number;
  p99Ms: number;
  statusChanges?: StatusChanges;
}

interface StatusChanges {
  status: string;
  services: number;
  failures: number;
  deliveries: number;
  missing: number;
  p50Ms: number;
  p95Ms: number;
}

/**
 * Moves the first `count` trips to `status`, one POST after another spread over the step; each
 * POST's send time goes into `sentAt` by service.
 */
async function changeStatuses(
  api: ChildServer,
  appKey: string,
  trips: readonly Trip[],
  status: string,
  sentAt: Map<string, number>,
): Promise<number> {
  const gapMs = (DURATION_S * 1000) / (trips.length + 1);
  let failures = 0;
  const answers: Promise<void>[] = [];
  for (const trip of trips) {
    await new Promise((resolve) => setTimeout(resolve, gapMs));
    sentAt.set(trip.serviceId, performance.now());
    const url = `${api.baseUrl}/common/api/v1/driver-app/services/${trip.serviceId}/trip-status`;
    const headers = {
      'content-type': 'application/json',
      'x-api-key': appKey,
      authorization: `Bearer ${trip.driverToken}`,
    };
    answers.push(
      fetch(url, { method: 'POST', headers, body: JSON.stringify({ status }) }).then(
        (response) => {
          if (!response.ok) failures += 1;
        },
        () => {
          failures += 1;
        },
      ),
    );
  }
  await Promise.all(answers);
  return failures;
}

interface FanOut {
  streams: number;
  services: number;
  rates: number[];
  /** Streams held on a second API process on the same database, positions posted to the first. */
  acrossReplicas?: boolean;
}

async function fanOut(
  databaseUrl: string,
  { streams, services, rates, acrossReplicas = false }: FanOut,
): Promise<Step[]> {
  // Every stream is on loopback and a service has streams / services of them: the open-stream caps
  // per address and per token (decision 500) are raised to fit.
  const env = {
    BENCH_DATABASE_URL: databaseUrl,
    RATE_LIMIT_ENABLED: 'false',
    STREAM_MAX_PER_ADDRESS: String(streams),
    STREAM_MAX_PER_TOKEN: String(Math.ceil(streams / services)),
  };
  const api = await startChildServer('./api-server.ts', env);
  const replica = acrossReplicas
    ? await startChildServer('./api-server.ts', { ...env, BENCH_REPLICA: 'true' })
    : api;
  const [appKey = ''] = api.extra;
  if (replica.extra[0] !== appKey) throw new Error('the replicas answer to different app keys');
  const responses: IncomingMessage[] = [];
  try {
    const trips = await tripsOn(api, appKey, services);
    const sentAt = new Map<number, number>();
    let samples: number[] = [];
    const received = (lat: number) => {
      const at = sentAt.get(Math.round((lat - LAT_BASE) / LAT_STEP));
      if (at !== undefined) samples.push(performance.now() - at);
    };
    const statusSentAt = new Map<string, number>();
    let statusSamples: number[] = [];
    const statusReceived = (serviceId: string) => {
      const at = statusSentAt.get(serviceId);
      if (at !== undefined) statusSamples.push(performance.now() - at);
    };
    for (let i = 0; i < streams; i += 100) {
      const batch = Array.from({ length: Math.min(100, streams - i) }, (_, j) => {
        const trip = trips[(i + j) % trips.length] as Trip;
        const { serviceId, serviceToken: token } = trip;
        const baseUrl = replica.baseUrl;
        return openPositionStream({
          baseUrl,
          appKey,
          serviceId,
          token,
          onPosition: received,
          onTrip: () => {
            statusReceived(serviceId);
          },
        });
      });
      responses.push(...(await Promise.all(batch)));
    }
    // A step at the lowest rate first, not measured: the pool's connections prepare their
    // statements and the code paths warm up, as on a server that has been up for a while.
    await postPositions(api, appKey, trips, { connections: 10, rate: rates[0] ?? 100 });
    const steps: Step[] = [];
    for (const rate of rates) {
      sentAt.clear();
      samples = [];
      statusSentAt.clear();
      statusSamples = [];
      const status = acrossReplicas ? undefined : STATUS_AT_RATE[rate];
      const statusTrips = trips.slice(0, STATUS_SERVICES);
      const statusFailures = status
        ? changeStatuses(api, appKey, statusTrips, status, statusSentAt)
        : Promise.resolve(0);
      const result = await postPositions(api, appKey, trips, {
        connections: Math.min(services, Math.max(10, Math.ceil(rate / 5))),
        rate,
        onSend: (seq) => {
          sentAt.set(seq, performance.now());
        },
      });
      const failedStatuses = await statusFailures;
      // Events still on their way when the posting stopped.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const statusSorted = [...statusSamples].sort((a, b) => a - b);
      const statusExpected = (statusTrips.length - failedStatuses) * Math.round(streams / services);
      const ok = result.requests.total - result.non2xx;
      const expected = ok * (streams / services);
      const sorted = [...samples].sort((a, b) => a - b);
      steps.push({
        targetRate: rate,
        postedPerSecond: Math.round(ok / DURATION_S),
        failures: result.non2xx + result.errors,
        deliveries: sorted.length,
        missing: Math.max(0, Math.round(expected - sorted.length)),
        p50Ms: Number(percentile(sorted, 50).toFixed(1)),
        p99Ms: Number(percentile(sorted, 99).toFixed(1)),
        ...(status
          ? {
              statusChanges: {
                status,
                services: statusTrips.length,
                failures: failedStatuses,
                deliveries: statusSorted.length,
                missing: Math.max(0, statusExpected - statusSorted.length),
                p50Ms: Number(percentile(statusSorted, 50).toFixed(1)),
                p95Ms: Number(percentile(statusSorted, 95).toFixed(1)),
              },
            }
          : {}),
      });
      console.log(JSON.stringify(steps.at(-1)));
    }
    return steps;
  } finally {
    for (const response of responses) response.destroy();
    if (replica !== api) await replica.close();
    await api.close();
  }
}

const line = (name: string, t: Throughput) =>
  `${name}: ${t.positionsPerSecond} positions/s, ${t.cpuMsPerPosition} ms CPU each, p99 ${t.p99Ms} ms, longest event-loop stall ${t.loopMaxMs} ms, ${t.failures} failures (${t.timeouts} unanswered in 10 s)`;

const loadAtStart = loadavg()[0];
const pglite = await throughput({});
console.log(line('PGlite (embedded)', pglite));
const url = await benchDatabaseUrl();
const postgres = url ? await throughput({ BENCH_DATABASE_URL: url }) : undefined;
if (postgres) console.log(line('PostgreSQL', postgres));
const steps = url ? await fanOut(url, { streams: STREAMS, services: SERVICES, rates: RATES }) : [];
const held = steps
  .filter((step) => step.p99Ms <= P99_BUDGET_MS && step.postedPerSecond >= 0.9 * step.targetRate)
  .reduce((best, step) => Math.max(best, step.postedPerSecond), 0);
// Status change to screen under the fan-out load: the worst p95 of the steps that changed statuses.
const statusP95 = steps.reduce((worst, step) => Math.max(worst, step.statusChanges?.p95Ms ?? 0), 0);
const statusOk = steps.every(
  (step) =>
    !step.statusChanges ||
    (step.statusChanges.p95Ms <= STATUS_P95_BUDGET_MS && step.statusChanges.missing === 0),
);
const replicaSteps = url
  ? await fanOut(url, {
      streams: REPLICA_STREAMS,
      services: REPLICA_SERVICES,
      rates: REPLICA_RATES,
      acrossReplicas: true,
    })
  : [];
if (url) {
  console.log(
    `Fan-out, ${STREAMS} streams over ${SERVICES} services on PostgreSQL: highest rate held with p99 <= ${P99_BUDGET_MS} ms: ${held} positions/s; status change to screen p95 ${statusP95} ms (budget ${STATUS_P95_BUDGET_MS})`,
  );
}
recordResult('position-ingest', {
  pglite,
  postgres,
  streams: STREAMS,
  services: SERVICES,
  durationS: DURATION_S,
  steps,
  heldPositionsPerSecond: held,
  statusChangeP95Ms: statusP95,
  replicas: { streams: REPLICA_STREAMS, services: REPLICA_SERVICES, steps: replicaSteps },
  loadAverage: { atStart: loadAtStart, atEnd: loadavg()[0] },
  ok: held >= 2000 && statusOk,
});
// Over the goals (2,000 positions/s held; status changes on screen within 250 ms at p95)
// the run fails, as every benchmark over budget does.
process.exitCode = held >= 2000 && statusOk ? 0 : 1;
