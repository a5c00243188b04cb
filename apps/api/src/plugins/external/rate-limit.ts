import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../../lib/errors.ts';
import { rateLimitClassOf, rateLimitMaxOf } from '../../services/rate-limit-budgets.ts';

// ARCHITECTURE decision 9 "Rate limits on every public route" (docs/decisions/471): 429
// RATE_LIMITED with Retry-After, per client IP and route; counters in Redis when REDIS_URL is set
// (every replica shares them), else in this process. RATE_LIMIT_ENABLED=false turns it off.

/** A Redis that is down must not take the API down: no queue, one quick try, then skip. */
const REDIS_OPTIONS = {
  connectTimeout: 500,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  lazyConnect: false,
} as const;

/** Resolves when `redis` is ready or after `timeoutMs`, whichever comes first; never rejects. */
function connected(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
}

async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  const settings = app.config.security.rateLimit;
  if (!settings.enabled) return;

  // Before the plugin's own onRoute hook: each route gets its class's budget (or none).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const max = rateLimitMaxOf(rateLimitClassOf(methods[0] ?? 'GET', route.url), settings);
    route.config = {
      ...route.config,
      rateLimit: max === undefined ? false : { max, timeWindow: settings.windowMs },
    };
  });

  const redis = settings.redisUrl ? new Redis(settings.redisUrl, REDIS_OPTIONS) : undefined;
  if (redis) {
    redis.on('error', (error: Error) => {
      app.log.warn({ err: error }, 'rate-limit redis unavailable; requests are not counted');
    });
    // Without an offline queue, counts before the connection is up would be skipped: start once
    // it is (or once it has had its chance; a Redis that is down must not stop the API starting).
    app.addHook('onReady', () => connected(redis, REDIS_OPTIONS.connectTimeout * 2));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  }

  await app.register(rateLimit, {
    global: true,
    max: settings.max,
    timeWindow: settings.windowMs,
    ...(redis ? { redis, nameSpace: settings.redisNamespace } : {}),
    // Counting must never refuse service: a failing store lets the request through.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests; retry in ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
      ),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
