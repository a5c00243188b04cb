// API hot-read benchmark (ARCHITECTURE "Performance budgets"): GET /common/services/{id}, the call
// every tracking phone polls, under autocannon, side by side in one run with a bare node:http
// server that answers the same JSON from memory. Prints both throughputs, their ratio, and p99
// latency of both at a fixed 2,000 req/s. Budget: the API within 2x of the bare server, and its p99
// <= 25 ms at 2,000 req/s. Each server runs in its own process; autocannon runs in this one.
import autocannon from 'autocannon';
import { createTestService } from '../e2e/support/services.ts';
import { startChildServer } from './support/child-server.ts';
import { recordResult } from './support/results.ts';

const RATIO_BUDGET = 2;
const P99_BUDGET_MS = 25;
const FIXED_RATE = 2000;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 20;

interface Run {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>, rate?: number): Promise<Run> {
  const result = await autocannon({
    url,
    headers,
    connections: rate ? 50 : CONNECTIONS,
    duration: DURATION_S,
    ...(rate ? { overallRate: rate } : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

// The rate limiter on, as in production, with a ceiling no load generator reaches: its cost is in
// the figure and it refuses nothing.
const api = await startChildServer('./api-server.ts', {
  RATE_LIMIT_ENABLED: 'true',
  RATE_LIMIT_MAX: '1000000000',
});
const [appKey = ''] = api.extra;
const service = await createTestService({ baseUrl: api.baseUrl, appKey });
const url = `${api.baseUrl}/common/services/${service.serviceId}`;
const headers = { 'x-api-key': appKey, authorization: `Bearer ${service.token}` };
const sample = await fetch(url, { headers });
if (!sample.ok) throw new Error(`GET service answered ${sample.status}`);
const body = await sample.text();
const bare = await startChildServer('./bare-server.ts', { BARE_BODY: body });

try {
  // Warm both up (JIT, connection pools), then measure.
  await load(url, headers, 500);
  await load(bare.baseUrl, {}, 500);
  const apiMax = await load(url, headers);
  const bareMax = await load(bare.baseUrl, {});
  const apiFixed = await load(url, headers, FIXED_RATE);
  const bareFixed = await load(bare.baseUrl, {}, FIXED_RATE);

  const ratio = bareMax.requestsPerSecond / apiMax.requestsPerSecond;
  const failures = apiMax.non2xx + apiMax.errors + apiFixed.non2xx + apiFixed.errors;
  const ok = ratio <= RATIO_BUDGET && apiFixed.p99Ms <= P99_BUDGET_MS && failures === 0;
  const lines = [
    `GET /common/services/{id}: ${Math.round(apiMax.requestsPerSecond)} req/s (${CONNECTIONS} connections, ${DURATION_S} s, body ${body.length} bytes)`,
    `bare node:http, same JSON: ${Math.round(bareMax.requestsPerSecond)} req/s`,
    `ratio bare/API: ${ratio.toFixed(2)}x (budget <= ${RATIO_BUDGET}x)`,
    `p99 at ${FIXED_RATE} req/s: API ${apiFixed.p99Ms} ms (budget <= ${P99_BUDGET_MS} ms), bare ${bareFixed.p99Ms} ms`,
    `non-2xx or errors from the API: ${failures}`,
  ];
  console.log(lines.join('\n'));
  console.log(ok ? 'API read: within budget' : 'API read: OVER BUDGET');
  recordResult('api-read', {
    ok,
    apiRequestsPerSecond: Math.round(apiMax.requestsPerSecond),
    bareRequestsPerSecond: Math.round(bareMax.requestsPerSecond),
    ratio: Number(ratio.toFixed(2)),
    apiP99MsAtFixedRate: apiFixed.p99Ms,
    bareP99MsAtFixedRate: bareFixed.p99Ms,
    fixedRate: FIXED_RATE,
    bodyBytes: body.length,
    failures,
  });
  process.exitCode = ok ? 0 : 1;
} finally {
  await bare.close();
  await api.close();
}
