import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../../lib/errors.ts';
import { rateLimitClassOf, rateLimitMaxOf } from '../../services/rate-limit-budgets.ts';
import { redisStoreWithFallback } from '../../services/rate-limit-store.ts';

// ARCHITECTURE decision 9 "Rate limits on every public route" (docs/decisions/471): 429
// RATE_LIMITED with Retry-After, per client IP and route; counters in Redis when REDIS_URL is set
// (every replica shares them), else in this process. RATE_LIMIT_ENABLED=false turns it off.
// A Redis that is down or does not answer never holds a request longer than
// RATE_LIMIT_REDIS_TIMEOUT_MS: counting goes on in this process meanwhile (decision 492).

/** A Redis that is down must not take the API down: no queue, one quick try, then count here. */
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
  // Set once the plugin is registered; routes are registered (and called) only after that.
  let lookupLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> = () =>
    Promise.resolve();

  // Before the plugin's own onRoute hook: each route gets its class's budget (or none).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rateClass = rateLimitClassOf(methods[0] ?? 'GET', route.url);
    if (rateClass === 'lookup') {
      // One counter for every lookup route together (decision 417), not one per route.
      route.config = { ...route.config, rateLimit: false };
      const hooks = route.onRequest ?? [];
      route.onRequest = [
        ...(Array.isArray(hooks) ? hooks : [hooks]),
        async (request, reply) => {
          await lookupLimit(request, reply);
        },
      ];
      return;
    }
    const max = rateLimitMaxOf(rateClass, settings);
    route.config = {
      ...route.config,
      rateLimit: max === undefined ? false : { max, timeWindow: settings.windowMs },
    };
  });

  // ioredis is loaded only when REDIS_URL is set: a server without Redis starts sooner.
  const redis = settings.redisUrl
    ? new (await import('ioredis')).Redis(settings.redisUrl, REDIS_OPTIONS)
    : undefined;
  const redisStore = redis
    ? redisStoreWithFallback({
        redis,
        nameSpace: settings.redisNamespace,
        timeoutMs: settings.redisTimeoutMs,
        log: app.log,
      })
    : undefined;
  if (redis && redisStore) {
    // Reconnection attempts fail again and again while Redis is down: one warning per outage.
    redis.on('error', redisStore.redisFailed);
    // Without an offline queue, counts before the connection is up would stay in this process:
    // start once it is (or once it has had its chance; a Redis that is down must not stop the API
    // starting).
    app.addHook('onReady', () => connected(redis, REDIS_OPTIONS.connectTimeout * 2));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  }

  await app.register(rateLimit, {
    global: true,
    max: settings.max,
    timeWindow: settings.windowMs,
    ...(redisStore ? { store: redisStore.Store } : {}),
    // Counting must never refuse service: a store that fails anyway lets the request through.
    skipOnError: true,
    // The budget's headers go with a refusal only (decision 791): three headers on every answer
    // cost the hot read about a tenth of its CPU, and no client of ours reads them before a 429.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests; retry in ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
      ),
  });
  // One limiter, so one counter per client (IPv6 per /64) for every lookup route together.
  lookupLimit = app.rateLimit({ max: settings.lookupMax, timeWindow: settings.windowMs });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
