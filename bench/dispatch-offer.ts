// Dispatch benchmark (docs/decisions/760): how soon a new request reaches a driver's screen. The real
// API in a child process runs its dispatch engine (PGlite by default, PostgreSQL with
// BENCH_DATABASE_URL); 200 online drivers around San Juan each hold the driver app's long poll
// (`GET /common/api/v1/driver-app/me?wait=25`) as the phone does, and accept the first offer they
// see. Requests are created one after another through the API, as customers do; the figure is the
// time from the creation's answer to the offer arriving in a driver's long poll. p95 budget 2 s
// (exits non-zero over it, or when a request is never offered).
import { performance } from 'node:perf_hooks';
import { createTestService } from '../e2e/support/services.ts';
import { startChildServer } from './support/child-server.ts';
import { recordResult } from './support/results.ts';

const DRIVERS = 200;
const REQUESTS = 60;
/** A customer every 250 ms. */
const REQUEST_SPACING_MS = 250;
const BUDGET_P95_MS = 2000;
const GIVE_UP_MS = 30_000;

interface DriverState {
  version: string;
  offer: null | { id: string; serviceId: string };
}

const api = await startChildServer('./api-server.ts', { DISPATCH_ENGINE: 'true' });
const appKey = api.extra[0] ?? '';
const base = `${api.baseUrl}/common/api/v1/driver-app`;
const createdAt = new Map<string, number>();
const offeredAt = new Map<string, number>();
let stopping = false;

async function driverCall(token: string, path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: {
      'x-api-key': appKey,
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** One driver's phone: the long poll, and a tap on Accept for the first offer it sees. */
async function drive(token: string): Promise<void> {
  let state = (await driverCall(token, '/me')) as DriverState;
  while (!stopping) {
    if (state.offer) {
      const { id, serviceId } = state.offer;
      if (!offeredAt.has(serviceId)) offeredAt.set(serviceId, performance.now());
      await driverCall(token, `/offers/${id}/accept`, { method: 'POST', body: '{}' });
      return;
    }
    state = (await driverCall(
      token,
      `/me?wait=25&version=${encodeURIComponent(state.version)}`,
    )) as DriverState;
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

let latencies: number[] = [];
let missing = 0;
try {
  const fleet = await fetch(`${api.baseUrl}/bench/drivers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: DRIVERS }),
  });
  const { tokens } = (await fleet.json()) as { tokens: string[] };
  for (const token of tokens) {
    // A phone's failure after the run is the server closing under its long poll.
    void drive(token).catch((error: unknown) => {
      if (!stopping) console.error('driver failed:', error);
    });
  }
  // Every phone has its long poll open before the first customer asks.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (let index = 0; index < REQUESTS; index += 1) {
    const created = await createTestService({ baseUrl: api.baseUrl, appKey });
    createdAt.set(created.serviceId, performance.now());
    await new Promise((resolve) => setTimeout(resolve, REQUEST_SPACING_MS));
  }
  const deadline = performance.now() + GIVE_UP_MS;
  while (offeredAt.size < createdAt.size && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  latencies = [...createdAt].flatMap(([serviceId, at]) => {
    const offered = offeredAt.get(serviceId);
    return offered === undefined ? [] : [offered - at];
  });
  missing = createdAt.size - latencies.length;
} finally {
  stopping = true;
  await api.close();
}

const p50 = percentile(latencies, 50);
const p95 = percentile(latencies, 95);
const max = Math.max(...latencies);
const withinBudget = missing === 0 && p95 <= BUDGET_P95_MS;
console.log(
  `Request created -> offer in a driver's long poll, ${DRIVERS} online drivers, ${REQUESTS} requests ${REQUEST_SPACING_MS} ms apart:`,
);
console.log(
  `p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (budget ${BUDGET_P95_MS} ms), max ${max.toFixed(0)} ms, never offered: ${missing} ${withinBudget ? 'ok' : 'OVER BUDGET'}`,
);
recordResult('dispatch-offer', {
  drivers: DRIVERS,
  requests: REQUESTS,
  spacingMs: REQUEST_SPACING_MS,
  database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
  p50Ms: Math.round(p50),
  p95Ms: Math.round(p95),
  maxMs: Math.round(max),
  missing,
  budgetP95Ms: BUDGET_P95_MS,
});
process.exitCode = withinBudget ? 0 : 1;
