import { randomUUID } from 'node:crypto';
import { ApiErrorSchema } from '@auxilio/domain';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config, type RateLimitConfig } from '../src/config/env.ts';
import { createTestApp, PRODUCTION_DEMO, testConfig, type TestApp } from './helpers.ts';
import { answersPing } from './support/redis-server.ts';

// Rate limits on public routes (429 with Retry-After) and body size limits
// (docs/decisions/471). Budgets are set tiny here so that a few requests cross them.

const REDIS_URL = 'redis://127.0.0.1:6379';

/** Redis runs on the CI machine; elsewhere the shared-store case cannot run. */
const hasRedis = await answersPing(REDIS_URL);

function limitedConfig(rateLimit: Partial<RateLimitConfig>, overrides: Partial<Config> = {}) {
  const base = testConfig();
  return {
    ...overrides,
    security: {
      ...base.security,
      rateLimit: {
        ...base.security.rateLimit,
        enabled: true,
        max: 3,
        strictMax: 2,
        staticMax: 1000,
        ...rateLimit,
      },
    },
  };
}

let t: TestApp;
let appKey: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ config: limitedConfig({}, { trustProxy: true }) });
  appKey = { 'x-api-key': t.config.appKey };
});
afterAll(async () => {
  await t.close();
});

function readTypes(app: TestApp, clientIp: string) {
  return app.app.inject({
    method: 'GET',
    url: '/common/services/types/all',
    headers: { ...appKey, 'x-forwarded-for': clientIp },
  });
}

describe('rate limits', () => {
  it('past the budget a client gets 429 RATE_LIMITED with Retry-After; another IP is not affected', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await readTypes(t, '203.0.113.10'));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 429]);
    const limited = answers[3];
    expect(ApiErrorSchema.parse(limited?.json()).code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The budget is told with the refusal only (decision 791).
    expect(limited?.headers['x-ratelimit-limit']).toBe('3');
    expect(limited?.headers['x-ratelimit-remaining']).toBe('0');
    expect(answers[0]?.headers['x-ratelimit-limit']).toBeUndefined();

    expect((await readTypes(t, '203.0.113.11')).statusCode).toBe(200);
  });

  it('creation is stricter than reads, counted even when the body is refused', async () => {
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/common/api/v1/service-requests',
        headers: { ...appKey, 'x-forwarded-for': '203.0.113.20' },
        payload: {},
      });
    const codes = [];
    for (let i = 0; i < 3; i += 1) codes.push((await post()).statusCode);
    expect(codes).toEqual([400, 400, 429]);
  });

  it('the PWA files and the health check are not held to the API budget', async () => {
    const page = [];
    for (let i = 0; i < 6; i += 1) {
      page.push(
        (
          await t.app.inject({
            method: 'GET',
            url: '/tracking',
            headers: { accept: 'text/html', 'x-forwarded-for': '203.0.113.30' },
          })
        ).statusCode,
      );
    }
    expect(page).toEqual(Array<number>(6).fill(200));
    for (let i = 0; i < 6; i += 1) {
      const health = await t.app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-forwarded-for': '203.0.113.30' },
      });
      expect(health.statusCode).not.toBe(429);
    }
  });

  it('RATE_LIMIT_ENABLED=false (benchmarks) counts nothing; tests default to off, servers to on', async () => {
    expect(
      loadConfig({ NODE_ENV: 'production', ...PRODUCTION_DEMO }).security.rateLimit.enabled,
    ).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).security.rateLimit).toMatchObject({
      enabled: false,
      redisTimeoutMs: 100,
    });
    const off = loadConfig({
      NODE_ENV: 'production',
      RATE_LIMIT_ENABLED: 'false',
      ...PRODUCTION_DEMO,
    });
    expect(off.security.rateLimit.enabled).toBe(false);
    const tuned = loadConfig({
      NODE_ENV: 'production',
      ...PRODUCTION_DEMO,
      RATE_LIMIT_MAX: '50',
      RATE_LIMIT_STRICT_MAX: '5',
      RATE_LIMIT_WINDOW_SECONDS: '10',
      REDIS_URL: REDIS_URL,
      RATE_LIMIT_REDIS_TIMEOUT_MS: '250',
    });
    expect(tuned.security.rateLimit).toMatchObject({
      max: 50,
      strictMax: 5,
      windowMs: 10_000,
      redisUrl: REDIS_URL,
      redisTimeoutMs: 250,
    });

    const unlimited = await createTestApp({ config: limitedConfig({ enabled: false }) });
    try {
      for (let i = 0; i < 5; i += 1) {
        const res = await readTypes(unlimited, '203.0.113.40');
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await unlimited.close();
    }
  });

  it.runIf(hasRedis)('with REDIS_URL two replicas share one budget', async () => {
    const redisNamespace = `auxilio-rate-limit-test-${randomUUID()}:`;
    const shared = limitedConfig({ redisUrl: REDIS_URL, redisNamespace }, { trustProxy: true });
    const first = await createTestApp({ config: shared });
    const second = await createTestApp({ config: shared });
    try {
      const codes = [
        (await readTypes(first, '203.0.113.50')).statusCode,
        (await readTypes(second, '203.0.113.50')).statusCode,
        (await readTypes(first, '203.0.113.50')).statusCode,
        (await readTypes(second, '203.0.113.50')).statusCode,
      ];
      expect(codes).toEqual([200, 200, 200, 429]);
      const redis = new Redis(REDIS_URL);
      try {
        const keys = await redis.keys(`${redisNamespace}*`);
        expect(keys.length).toBeGreaterThan(0);
        await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('a Redis that cannot be reached fails no request and lifts no budget: counted in the process', async () => {
    const down = await createTestApp({
      config: limitedConfig({ redisUrl: 'redis://127.0.0.1:1', max: 2 }, { trustProxy: true }),
    });
    try {
      const codes = [];
      for (let i = 0; i < 3; i += 1) codes.push((await readTypes(down, '203.0.113.60')).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      expect((await readTypes(down, '203.0.113.61')).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe('body size limit', () => {
  it('a body over BODY_LIMIT_BYTES (64 KiB) answers 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/common/api/v1/service-requests',
      headers: { ...appKey, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.70' },
      payload: JSON.stringify({ notes: 'x'.repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('PAYLOAD_TOO_LARGE');
    expect(t.config.security.bodyLimitBytes).toBe(65_536);
  });
});
