// SSE fan-out benchmark: N subscribers (5,000 by default) hold the event stream of one of S
// services each, and each service's driver posts positions through the driver-app API. For every
// position, the time from the driver's POST to each subscriber receiving the event (publish to
// receive, p50/p99), and the API process's memory per open stream. The API runs in its own process.
import type { IncomingMessage } from 'node:http';
import { createTestService } from '../e2e/support/services.ts';
import { startChildServer } from './support/child-server.ts';
import { openPositionStream } from './support/position-stream.ts';
import { recordResult } from './support/results.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SSE_SUBSCRIBERS ?? 5000);
// The demo seed has 10 drivers in Puerto Rico, where the benchmark's services are: 500 streams each.
const SERVICES = Number(process.env.BENCH_SSE_SERVICES ?? 10);
const ROUNDS = Number(process.env.BENCH_SSE_ROUNDS ?? 10);
const ROUND_TIMEOUT_MS = 30_000;

interface Stream {
  serviceId: string;
  onPosition?: (lat: number) => void;
}

// Every subscriber is on loopback and a service has SUBSCRIBERS / SERVICES of them: the open-stream
// caps per address and per token (decision 500) are raised to fit.
const api = await startChildServer('./api-server.ts', {
  RATE_LIMIT_ENABLED: 'false',
  STREAM_MAX_PER_ADDRESS: String(SUBSCRIBERS),
  STREAM_MAX_PER_TOKEN: String(Math.ceil(SUBSCRIBERS / SERVICES)),
});
const [appKey = ''] = api.extra;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function post(path: string, token: string, body: unknown): Promise<void> {
  const response = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': appKey,
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
}

/** One subscriber: the service's event stream, its position events handed to `stream`. */
function subscribe(serviceId: string, token: string, stream: Stream): Promise<IncomingMessage> {
  const onPosition = (lat: number) => stream.onPosition?.(lat);
  return openPositionStream({ baseUrl: api.baseUrl, appKey, serviceId, token, onPosition });
}

/** The API's resident memory after a full garbage collection. */
async function collectedRss(): Promise<number> {
  const response = await fetch(`${api.baseUrl}/bench/gc`, { method: 'POST' });
  return ((await response.json()) as { rss: number }).rss;
}

const drivers: { serviceId: string; driverToken: string; serviceToken: string }[] = [];
const serviceTokens = new Map<string, string>();
for (let i = 0; i < SERVICES; i += 1) {
  const service = await createTestService({ baseUrl: api.baseUrl, appKey });
  serviceTokens.set(service.serviceId, service.token);
}
for (let i = 0; i < SERVICES; i += 1) {
  const response = await fetch(`${api.baseUrl}/bench/dispatch-next`, { method: 'POST' });
  const { serviceId, driverToken } = (await response.json()) as {
    serviceId: string | null;
    driverToken: string | null;
  };
  if (!serviceId || !driverToken)
    throw new Error(`only ${i} of ${SERVICES} services were dispatched`);
  await post(`/common/api/v1/driver-app/services/${serviceId}/accept`, driverToken, {});
  drivers.push({ serviceId, driverToken, serviceToken: serviceTokens.get(serviceId) ?? '' });
}

const rssBefore = await collectedRss();
const streams: Stream[] = [];
const responses: IncomingMessage[] = [];
for (let i = 0; i < SUBSCRIBERS; i += 1) {
  const { serviceId, serviceToken } = drivers[i % drivers.length] ?? drivers[0] ?? {};
  if (!serviceId || !serviceToken) throw new Error('no dispatched service to follow');
  const stream: Stream = { serviceId };
  streams.push(stream);
  responses.push(await subscribe(serviceId, serviceToken, stream));
}
await new Promise((resolve) => setTimeout(resolve, 2000));
const rssAfter = await collectedRss();

const samples: number[] = [];
let lost = 0;
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Each round's latitude is unique, so a subscriber knows which post an event answers.
    const lat = 18.4 + round / 1000;
    const sentAt = new Map<string, number>();
    const expected = SUBSCRIBERS;
    let received = 0;
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ROUND_TIMEOUT_MS);
      for (const stream of streams) {
        stream.onPosition = (eventLat) => {
          const at = sentAt.get(stream.serviceId);
          if (eventLat !== lat || at === undefined) return;
          samples.push(performance.now() - at);
          received += 1;
          if (received === expected) {
            clearTimeout(timer);
            resolve();
          }
        };
      }
    });
    await Promise.all(
      drivers.map(({ serviceId, driverToken }) => {
        sentAt.set(serviceId, performance.now());
        return post('/common/api/v1/driver-app/position', driverToken, {
          lat,
          lng: -66.07,
          heading: 90,
          accuracy: 5,
        });
      }),
    );
    await done;
    lost += expected - received;
  }
} finally {
  for (const response of responses) response.destroy();
  await api.close();
}

samples.sort((a, b) => a - b);
const p50 = percentile(samples, 50);
const p99 = percentile(samples, 99);
const perConnectionKiB = (rssAfter - rssBefore) / SUBSCRIBERS / 1024;
console.log(
  [
    `SSE fan-out: ${SUBSCRIBERS} subscribers on ${SERVICES} services, ${ROUNDS} rounds of one position per driver`,
    `publish (driver POST) to receive: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${samples.length} deliveries, ${lost} missing`,
    `API memory: ${(rssBefore / 2 ** 20).toFixed(0)} MiB before the streams, ${(rssAfter / 2 ** 20).toFixed(0)} MiB with them: ${perConnectionKiB.toFixed(1)} KiB per stream`,
  ].join('\n'),
);
recordResult('sse-fanout', {
  subscribers: SUBSCRIBERS,
  services: SERVICES,
  rounds: ROUNDS,
  deliveries: samples.length,
  missing: lost,
  p50Ms: Number(p50.toFixed(1)),
  p99Ms: Number(p99.toFixed(1)),
  rssBeforeMiB: Math.round(rssBefore / 2 ** 20),
  rssAfterMiB: Math.round(rssAfter / 2 ** 20),
  perConnectionKiB: Number(perConnectionKiB.toFixed(1)),
});
process.exitCode = lost === 0 ? 0 : 1;
