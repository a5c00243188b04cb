import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

// The rate-limit counters in Redis, shared by every replica (docs/decisions/471), with a bound on
// what Redis may cost a request (docs/decisions/492). A Redis that is paused, overloaded or cut
// off by the network keeps its connection open and answers nothing, so ioredis never fails the
// call: only a timer of ours ends the wait. Past RATE_LIMIT_REDIS_TIMEOUT_MS the request is
// counted in this process's memory, and so is every request after it, without waiting for
// Redis: once a second one request is also sent to Redis in the background, and the first that
// Redis answers in time brings the counting back to Redis. Budgets therefore keep holding during
// an outage (per replica rather than for all of them), which matters most for the lookups
// (decision 417) and the calls that cost (strict budget).

/** While Redis does not answer, how often one request tries it again. */
const RETRY_EVERY_MS = 1000;

type Counted = Parameters<Parameters<FastifyRateLimitStore['incr']>[1]>[1];
type CountCallback = (error: Error | null, result?: Counted) => void;
type CountMethod = 'incr' | 'read';

/** What @fastify/rate-limit's own stores implement (`read` since 11.2). */
interface CountingStore {
  incr(key: string, callback: CountCallback, timeWindow: number, max: number): void;
  read(key: string, callback: CountCallback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): CountingStore;
}

// The plugin's stores are not in its typed exports; these are its documented store contract.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => CountingStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => CountingStore;

/** Whether the rate-limit Redis answers: one log line when it stops, one when it is back. */
class RedisAvailability {
  private down = false;
  private downSince = 0;
  private retryAt = 0;
  /** Calls waiting for Redis: when one finds it down, the others stop waiting too. */
  private readonly waiting = new Set<(error: Error) => void>();

  constructor(
    private readonly log: FastifyBaseLogger,
    readonly timeoutMs: number,
  ) {}

  /**
   * Whether a call goes to Redis (`ask`), stays in this process (`no`), or is the one call of the
   * interval that tries again a Redis that has not been answering (`retry`).
   */
  mayAsk(): 'ask' | 'no' | 'retry' {
    if (!this.down) return 'ask';
    const now = Date.now();
    if (now < this.retryAt) return 'no';
    this.retryAt = now + RETRY_EVERY_MS;
    return 'retry';
  }

  /** A retry was answered in time: Redis counts again. */
  answered(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info(
      { outageMs: Date.now() - this.downSince },
      'rate-limit Redis answers again; counting in Redis',
    );
  }

  /** Registers a call waiting for Redis; the returned function ends the registration. */
  wait(giveUp: (error: Error) => void): () => void {
    this.waiting.add(giveUp);
    return () => this.waiting.delete(giveUp);
  }

  failed(error: Error): void {
    if (this.down) return;
    this.down = true;
    this.downSince = Date.now();
    this.retryAt = this.downSince + RETRY_EVERY_MS;
    this.log.warn(
      { err: error, timeoutMs: this.timeoutMs },
      'rate-limit Redis unavailable; counting in this process until it answers',
    );
    for (const giveUp of [...this.waiting]) giveUp(error);
  }
}

class RedisStoreWithFallback implements FastifyRateLimitStore {
  constructor(
    private readonly availability: RedisAvailability,
    private readonly redis: CountingStore,
    private readonly local: CountingStore,
  ) {}

  incr(key: string, callback: CountCallback, timeWindow: number, max: number): void {
    this.count('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: CountCallback, timeWindow: number, max: number): void {
    this.count('read', key, callback, timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): RedisStoreWithFallback {
    return new RedisStoreWithFallback(
      this.availability,
      this.redis.child(routeOptions),
      this.local.child(routeOptions),
    );
  }

  private count(
    method: CountMethod,
    key: string,
    callback: CountCallback,
    timeWindow: number,
    max: number,
  ): void {
    const inProcess = () => {
      this.local[method](key, callback, timeWindow, max);
    };
    const asking = this.availability.mayAsk();
    if (asking === 'no') {
      inProcess();
      return;
    }
    if (asking === 'retry') {
      // The request goes on with this process's count; Redis counts it too if it answers, and
      // then counts everything again.
      inProcess();
      this.askRedis(method, key, timeWindow, max, () => {
        this.availability.answered();
      });
      return;
    }
    this.askRedis(
      method,
      key,
      timeWindow,
      max,
      // Not a sign that an outage is over (only a retry's answer is): a call sent just before an
      // outage may still be answered in time.
      (result) => {
        callback(null, result);
      },
      (error) => {
        this.availability.failed(error);
        inProcess();
      },
    );
  }

  /** Calls Redis; `onAnswer` only if it answers within the timeout, else `onFailure` once. */
  private askRedis(
    method: CountMethod,
    key: string,
    timeWindow: number,
    max: number,
    onAnswer: (result: Counted) => void,
    onFailure: (error: Error) => void = () => undefined,
  ): void {
    let settled = false;
    const giveUp = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopWaiting();
      onFailure(error);
    };
    const stopWaiting = this.availability.wait(giveUp);
    const timer = setTimeout(() => {
      giveUp(new Error(`no answer within ${this.availability.timeoutMs} ms`));
    }, this.availability.timeoutMs);
    const answer: CountCallback = (error, result) => {
      // An answer after the timeout is dropped: that request was counted in this process.
      if (settled) return;
      if (error || !result) {
        giveUp(error ?? new Error('empty answer'));
        return;
      }
      settled = true;
      clearTimeout(timer);
      stopWaiting();
      onAnswer(result);
    };
    try {
      this.redis[method](key, answer, timeWindow, max);
    } catch (error) {
      answer(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

export interface RedisStoreWithFallbackOptions {
  redis: Redis;
  /** Prefix of the counters' keys. */
  nameSpace: string;
  /** Longest wait for Redis on one request (RATE_LIMIT_REDIS_TIMEOUT_MS). */
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/**
 * The `store` option of @fastify/rate-limit: counters in Redis, in this process while Redis does
 * not answer within `timeoutMs`. Every limiter of the plugin (the routes' and those made with
 * `app.rateLimit`) is a child of it, so all of them get the bound. `redisFailed` lets the
 * connection's own errors start an outage before a request meets it.
 */
export function redisStoreWithFallback(options: RedisStoreWithFallbackOptions): {
  Store: new (settings: FastifyRateLimitOptions) => FastifyRateLimitStore;
  redisFailed: (error: Error) => void;
} {
  const availability = new RedisAvailability(options.log, options.timeoutMs);
  class Store extends RedisStoreWithFallback {
    constructor(settings: FastifyRateLimitOptions) {
      // The plugin passes its global settings, these two among them.
      const { continueExceeding = false, exponentialBackoff = false } = settings as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      super(
        availability,
        new RedisStore(continueExceeding, exponentialBackoff, options.redis, options.nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  }
  return {
    Store,
    redisFailed: (error) => {
      availability.failed(error);
    },
  };
}
