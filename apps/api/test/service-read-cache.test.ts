import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { services } from '../src/db/schema.ts';
import { createServiceChanges } from '../src/lib/service-changes.ts';
import { createServiceReadCache } from '../src/services/service-requests/read-cache.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { cancelService, type CreatedService, createService } from './support/journey-service.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// Decision 480: GET /services/{id} answers from a per-process cache that a change, from this
// process or another one on the same database, drops before anyone can read the old state.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const read = (app: TestApp['app'], service: CreatedService, headers = service.headers) =>
  app.inject({ method: 'GET', url: `/common/services/${service.id}`, headers });

/** Reads until the view is cached (caching starts once the process LISTENs). */
async function readUntilCached(app: TestApp['app'], service: CreatedService) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const res = await read(app, service);
    expect(res.statusCode).toBe(200);
    if (app.serviceReadCache.size() > 0 && app.serviceEventsBus.listening()) {
      const again = await read(app, service);
      if (again.headers.etag === res.headers.etag) return again;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the service view was never cached');
}

describe('GET /common/services/{id} with the read cache', () => {
  it('answers an ETag, and 304 without a body to a poll whose If-None-Match still matches', async () => {
    const service = await createService(t, CONNECT_PR);
    const first = await readUntilCached(t.app, service);
    const etag = String(first.headers.etag);
    expect(first.json()).toMatchObject({ _id: service.id, status: 'Queued' });

    const poll = await read(t.app, service, { ...service.headers, 'if-none-match': etag });
    expect(poll.statusCode).toBe(304);
    expect(poll.body).toBe('');
  });

  it('shows a change made through this process on the very next read', async () => {
    const service = await createService(t, CONNECT_PR);
    const before = await readUntilCached(t.app, service);
    await cancelService(t.app, service.id, service.token);

    const after = await read(t.app, service);
    expect(after.json()).toMatchObject({ status: 'Void' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('refuses another service’s token even when the view is cached', async () => {
    const service = await createService(t, CONNECT_PR);
    const other = await createService(t, CONNECT_PR);
    await readUntilCached(t.app, service);
    const res = await read(t.app, service, other.headers);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(service.id);
  });

  it('refuses, right after a cached hit, a token one character off, a missing token and a missing app key', async () => {
    const service = await createService(t, CONNECT_PR);
    await readUntilCached(t.app, service);
    const last = service.token.at(-1) === 'A' ? 'B' : 'A';
    const offByOne = `${service.token.slice(0, -1)}${last}`;

    const wrong = await read(t.app, service, {
      ...service.headers,
      authorization: `Bearer ${offByOne}`,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain(service.id);
    const { authorization: _token, ...withoutToken } = service.headers;
    const missing = await read(t.app, service, withoutToken);
    expect(missing.statusCode).toBe(401);
    const { 'x-api-key': _key, ...withoutKey } = service.headers;
    const keyless = await read(t.app, service, withoutKey);
    expect(keyless.statusCode).toBe(401);
    expect(keyless.body).not.toContain(service.id);

    const again = await read(t.app, service);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ _id: service.id });
  });

  it('answers a cached hit with the same headers and body as the read that filled the cache', async () => {
    const service = await createService(t, CONNECT_PR);
    const cached = await readUntilCached(t.app, service);
    t.app.serviceReadCache.evict(service.id);
    const fromDatabase = await read(t.app, service);
    expect(t.app.serviceReadCache.size()).toBeGreaterThan(0);

    expect(cached.body).toBe(fromDatabase.body);
    const { 'x-request-id': _a, date: _b, ...cachedHeaders } = cached.headers;
    const { 'x-request-id': _c, date: _d, ...databaseHeaders } = fromDatabase.headers;
    expect(cachedHeaders).toEqual(databaseHeaders);
    expect(cachedHeaders).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'private, no-cache',
      'x-content-type-options': 'nosniff',
    });
  });

  it('drops the view when a second app on the same database changes the service', async () => {
    const second = await buildApp({ config: t.config, db: t.db, logger: false });
    await second.ready();
    try {
      const service = await createService(t, CONNECT_PR);
      await readUntilCached(t.app, service);
      await cancelService(second, service.id, service.token);
      await expect
        .poll(async () => (await read(t.app, service)).json<{ status: string }>().status)
        .toBe('Void');
    } finally {
      await second.close();
    }
  });
});

/** A cache with a 2 s TTL on a clock the test moves (in milliseconds from 0). */
function cacheOnAClock() {
  let clock = 0;
  const cache = createServiceReadCache({
    changes: createServiceChanges(() => clock),
    notified: () => true,
    ttlMs: 2_000,
    now: () => clock,
  });
  return {
    cache,
    setClock: (ms: number) => {
      clock = ms;
    },
  };
}

describe('the read cache on its own', () => {
  it('serves a view at most ttl old when a change arrives without a notification', async () => {
    const { cache, setClock } = cacheOnAClock();
    const service = await createService(t, CONNECT_PR);
    const first = await cache.read(t.app.repositories, service.headers.authorization, service.id);
    // A change that (wrongly) appends no event, so no notification drops the view.
    await t.db.db.update(services).set({ firstname: 'Marisol' }).where(eq(services.id, service.id));

    setClock(1_999);
    const cached = await cache.read(t.app.repositories, service.headers.authorization, service.id);
    expect(cached.body).toBe(first.body);
    setClock(2_001);
    const fresh = await cache.read(t.app.repositories, service.headers.authorization, service.id);
    expect(JSON.parse(fresh.body)).toMatchObject({ firstname: 'Marisol' });
  });

  it('reads the service once for phones that miss together, and refuses the wrong token among them', async () => {
    const cache = createServiceReadCache({ changes: createServiceChanges(), notified: () => true });
    const service = await createService(t, CONNECT_PR);
    const other = await createService(t, CONNECT_PR);
    let reads = 0;
    const repos = {
      services: {
        ...t.app.repositories.services,
        findById: (id: string) => {
          reads += 1;
          return t.app.repositories.services.findById(id);
        },
      },
    };
    const wrongFirst = cache.read(repos, other.headers.authorization, service.id);
    const phones = Array.from({ length: 5 }, () =>
      cache.read(repos, service.headers.authorization, service.id),
    );
    const wrongAmong = cache.read(repos, other.headers.authorization, service.id);

    await expect(wrongFirst).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(wrongAmong).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const views = await Promise.all(phones);
    expect(new Set(views.map((view) => view.etag)).size).toBe(1);
    expect(JSON.parse(views[0]?.body ?? '{}')).toMatchObject({ _id: service.id });
    expect(reads).toBe(1);
  });

  it('never holds a phone’s read behind a read of the same service with another token', async () => {
    const cache = createServiceReadCache({ changes: createServiceChanges(), notified: () => true });
    const service = await createService(t, CONNECT_PR);
    const other = await createService(t, CONNECT_PR);
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = true;
    const repos = {
      services: {
        ...t.app.repositories.services,
        // The first token check (the wrong token's) answers only once released.
        findTokenHash: async (id: string) => {
          if (first) {
            first = false;
            await held;
          }
          return t.app.repositories.services.findTokenHash(id);
        },
      },
    };
    const wrong = cache.read(repos, other.headers.authorization, service.id);
    const view = await cache.read(repos, service.headers.authorization, service.id);
    expect(JSON.parse(view.body)).toMatchObject({ _id: service.id });
    release();
    await expect(wrong).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('keeps no expired view (nor the token that opened it) once another view is stored', async () => {
    const { cache, setClock } = cacheOnAClock();
    const first = await createService(t, CONNECT_PR);
    const second = await createService(t, CONNECT_PR);
    await cache.read(t.app.repositories, first.headers.authorization, first.id);
    expect(cache.size()).toBe(1);
    setClock(2_001);
    await cache.read(t.app.repositories, second.headers.authorization, second.id);
    expect(cache.size()).toBe(1);
    expect(cache.cached(first.headers.authorization, first.id)).toBeUndefined();
    expect(cache.cached(second.headers.authorization, second.id)).toBeDefined();
  });

  it('does not keep a view read while a change of this process is in flight', async () => {
    const changes = createServiceChanges();
    const cache = createServiceReadCache({ changes, notified: () => true });
    const service = await createService(t, CONNECT_PR);
    changes.begin(service.id);
    await cache.read(t.app.repositories, service.headers.authorization, service.id);
    expect(cache.size()).toBe(0);
    changes.settle(service.id);
    await cache.read(t.app.repositories, service.headers.authorization, service.id);
    expect(cache.size()).toBe(1);
  });
});
