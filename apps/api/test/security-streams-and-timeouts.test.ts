import { connect } from 'node:net';
import { ApiErrorSchema, ShareLinkResponseSchema } from '@auxilio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config/env.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import { firstPrAccount } from './support/service-request-payload.ts';
import { createService } from './support/journey-service.ts';
import {
  appendPositions,
  eventsUrl,
  openStream,
  waitFor,
  type SseStream,
} from './support/service-stream.ts';
import { bearerHeaders } from './support/api-target.ts';

// Open event streams are capped per service token, per share token and per client address, and
// slow senders are cut by the headers and request timeouts, while an open stream is never cut
// (docs/decisions/500). Caps and timeouts are set tiny here; real HTTP, since timing matters.

const HEADERS_TIMEOUT_MS = 500;
const REQUEST_TIMEOUT_MS = 1000;

function cappedConfig(): Partial<Config> {
  const base = testConfig();
  return {
    // Addresses come from X-Forwarded-For, so one test client can be several addresses.
    trustProxy: true,
    security: {
      ...base.security,
      streams: { perServiceToken: 2, perShareToken: 3, perAddress: 4 },
      headersTimeoutMs: HEADERS_TIMEOUT_MS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
    },
  };
}

let t: TestApp;
let baseUrl: string;
let port: number;
let accountId: string;
const opened: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: cappedConfig() });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(baseUrl).port);
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await t.close();
});

/** Opens the service's own stream from `address`; keeps it open until closed or the end. */
async function serviceStream(serviceId: string, token: string, address: string) {
  const stream = await openStream(eventsUrl(baseUrl, serviceId, { key: t.config.appKey, token }), {
    'x-forwarded-for': address,
  });
  opened.push(stream);
  if (stream.status === 200) await stream.next();
  return stream;
}

async function sharedStream(serviceId: string, shareToken: string, address: string) {
  const url = new URL(`${baseUrl}/common/api/v1/services/${serviceId}/shared/events`);
  url.searchParams.set('key', t.config.appKey);
  url.searchParams.set('token', shareToken);
  const stream = await openStream(url.toString(), { 'x-forwarded-for': address });
  opened.push(stream);
  if (stream.status === 200) await stream.next();
  return stream;
}

/** The refused open: 429 RATE_LIMITED `{code, message}` with a Retry-After in seconds. */
async function expectCapped(open: () => Promise<Response>) {
  const res = await open();
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(ApiErrorSchema.parse(await res.json()).code).toBe('RATE_LIMITED');
}

function closeAndWait(stream: SseStream) {
  const before = t.app.serviceEventsBus.subscriberCount();
  stream.close();
  return waitFor(() => t.app.serviceEventsBus.subscriberCount() === before - 1);
}

describe('open event streams are capped', () => {
  it('per service token: beyond the cap 429 with Retry-After; a closed stream frees its place', async () => {
    const { id: serviceId, token } = await createService(t.app, accountId);
    const first = await serviceStream(serviceId, token, '198.51.100.1');
    const second = await serviceStream(serviceId, token, '198.51.100.2');
    expect([first.status, second.status]).toEqual([200, 200]);
    // Another address does not help: the cap is the token's.
    await expectCapped(() =>
      fetch(eventsUrl(baseUrl, serviceId, { key: t.config.appKey, token }), {
        headers: { 'x-forwarded-for': '198.51.100.3' },
      }),
    );

    await closeAndWait(first);
    const again = await serviceStream(serviceId, token, '198.51.100.3');
    expect(again.status).toBe(200);
  });

  it('per share token, apart from the service token of the same service', async () => {
    const { id: serviceId, token } = await createService(t.app, accountId);
    const minted = await t.app.inject({
      method: 'POST',
      url: `/common/api/v1/services/${serviceId}/share`,
      headers: bearerHeaders(t, token),
    });
    const { shareToken } = ShareLinkResponseSchema.parse(minted.json());
    for (let i = 0; i < 3; i += 1) {
      expect((await sharedStream(serviceId, shareToken, `198.51.100.${10 + i}`)).status).toBe(200);
    }
    const url = new URL(`${baseUrl}/common/api/v1/services/${serviceId}/shared/events`);
    url.searchParams.set('key', t.config.appKey);
    url.searchParams.set('token', shareToken);
    await expectCapped(() => fetch(url, { headers: { 'x-forwarded-for': '198.51.100.13' } }));
    // The customer's own stream is counted apart from the link's.
    expect((await serviceStream(serviceId, token, '198.51.100.14')).status).toBe(200);
  });

  it('per client address (IPv6: per /64), whatever the service', async () => {
    const services = [];
    for (let i = 0; i < 3; i += 1) services.push(await createService(t.app, accountId));
    const [a, b, c] = services;
    if (!a || !b || !c) throw new Error('three services expected');
    const address = '203.0.113.77';
    expect((await serviceStream(a.id, a.token, address)).status).toBe(200);
    expect((await serviceStream(a.id, a.token, address)).status).toBe(200);
    expect((await serviceStream(b.id, b.token, address)).status).toBe(200);
    expect((await serviceStream(b.id, b.token, address)).status).toBe(200);
    await expectCapped(() =>
      fetch(eventsUrl(baseUrl, c.id, { key: t.config.appKey, token: c.token }), {
        headers: { 'x-forwarded-for': address },
      }),
    );
    expect((await serviceStream(c.id, c.token, '203.0.113.78')).status).toBe(200);

    // One IPv6 customer network: addresses of one /64 count together.
    const v6 = await Promise.all([0, 1].map(() => createService(t.app, accountId)));
    const [d, e] = v6;
    if (!d || !e) throw new Error('two services expected');
    for (const [service, host] of [
      [d, '2001:db8:5:7::1'],
      [d, '2001:db8:5:7::2'],
      [e, '2001:db8:5:7:a::3'],
      [e, '2001:db8:5:7:ffff:ffff:ffff:ffff'],
    ] as const) {
      expect((await serviceStream(service.id, service.token, host)).status).toBe(200);
    }
    const f = await createService(t.app, accountId);
    await expectCapped(() =>
      fetch(eventsUrl(baseUrl, f.id, { key: t.config.appKey, token: f.token }), {
        headers: { 'x-forwarded-for': '2001:db8:5:7::99' },
      }),
    );
    expect((await serviceStream(f.id, f.token, '2001:db8:5:8::1')).status).toBe(200);
  });

  it('the caps come from the environment, with generous defaults for shared addresses', () => {
    const defaults = loadConfig({}).security;
    expect(defaults.streams).toEqual({ perServiceToken: 6, perShareToken: 30, perAddress: 500 });
    expect(defaults.headersTimeoutMs).toBe(15_000);
    expect(defaults.requestTimeoutMs).toBe(120_000);
    const tuned = loadConfig({
      STREAM_MAX_PER_TOKEN: '3',
      STREAM_MAX_PER_SHARE_TOKEN: '8',
      STREAM_MAX_PER_ADDRESS: '5000',
      HEADERS_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: '30000',
    }).security;
    expect(tuned.streams).toEqual({ perServiceToken: 3, perShareToken: 8, perAddress: 5000 });
    expect([tuned.headersTimeoutMs, tuned.requestTimeoutMs]).toEqual([5000, 30_000]);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
  });
});

/** What a raw TCP client got before the server closed it, and how long that took. */
function slowClient(head: string, trickle: string): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < trickle.length && socket.writable) socket.write(trickle.charAt(sent));
      sent += 1;
    }, 100);
    const giveUp = setTimeout(() => {
      socket.destroy();
    }, 8_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, ms: Date.now() - started });
    });
    socket.on('connect', () => {
      socket.write(head);
    });
    socket.once('error', reject);
  });
}

describe('slow senders are cut', () => {
  it('a body sent byte by byte: 408 REQUEST_TIMEOUT {code, message}, then the socket closes', async () => {
    const { answer, ms } = await slowClient(
      'POST /common/api/v1/service-requests HTTP/1.1\r\nHost: localhost\r\n' +
        `x-api-key: ${t.config.appKey}\r\ncontent-type: application/json\r\n` +
        'content-length: 200\r\n\r\n',
      `{"notes":"${'x'.repeat(180)}"}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(ApiErrorSchema.parse(JSON.parse(body))).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
  });

  it('headers sent byte by byte are cut at the headers timeout', async () => {
    const { answer, ms } = await slowClient(
      'GET /health HTTP/1.1\r\n',
      `Host: localhost\r\nx-slow: ${'y'.repeat(100)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 1_500);
  });

  it('an open event stream outlives both timeouts and still delivers events', async () => {
    const { id: serviceId, token } = await createService(t.app, accountId);
    const stream = await serviceStream(serviceId, token, '192.0.2.1');
    expect(stream.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS * 2.5));
    await appendPositions(t.db, serviceId, 1, 42);
    expect(await stream.next()).toMatchObject({ id: '2', event: 'position', data: { n: 42 } });
  });
});
