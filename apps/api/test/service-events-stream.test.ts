import type { ServiceHistoryEvent } from '@auxilio/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  createServiceEventsFanOut,
  parseServiceEventNotification,
} from '../src/plugins/app/service-events-bus.ts';
import { serviceEventNotification } from '../src/repositories/service-events.ts';
import { createServiceWritePath } from '../src/repositories/service-writes.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { cancelService, createService } from './support/journey-service.ts';
import {
  appendPositions,
  eventsUrl,
  markedPosition,
  openStream,
  waitFor,
} from './support/service-stream.ts';
import { firstPrAccount } from './support/service-request-payload.ts';
import { bearerHeaders } from './support/api-target.ts';
import { capturedLogger } from './support/captured-logs.ts';

// ARCHITECTURE decision 3, live updates: GET /common/api/v1/services/{id}/events over real
// HTTP (the app listens on an ephemeral port), read with fetch and a small SSE parser.

let t: TestApp;
let baseUrl: string;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('GET /common/api/v1/services/{id}/events', () => {
  it('replays the history, then streams new events in order as they are written', async () => {
    const { id: serviceId, token } = await createService(t.app, accountId);
    const stream = await openStream(eventsUrl(baseUrl, serviceId, { key: t.config.appKey, token }));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('cache-control')).toMatch(/no-cache/);
      expect(stream.headers.get('x-accel-buffering')).toBe('no');

      const created = await stream.next();
      expect(created).toMatchObject({ id: '1', event: 'created', data: { status: 'Queued' } });
      expect(stream.retry).toBeGreaterThan(0);

      await cancelService(t.app, serviceId, token);
      expect(await stream.next()).toMatchObject({
        id: '2',
        event: 'status',
        data: { status: 'Void' },
      });

      // Ten writers at once: every event arrives once, in seq order, whatever the NOTIFYs do.
      await appendPositions(t.db, serviceId, 10);
      const ids: string[] = [];
      for (let i = 0; i < 10; i += 1) ids.push((await stream.next()).id ?? '');
      expect(ids).toEqual(['3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    } finally {
      stream.close();
    }
  });

  it('sends an event its notification carries without reading it back; a larger one is read (decision 782)', async () => {
    const { id: serviceId, token } = await createService(t.app, accountId);
    const stream = await openStream(eventsUrl(baseUrl, serviceId, { key: t.config.appKey, token }));
    const reads = vi.spyOn(t.app.repositories.serviceEvents, 'listAfter');
    try {
      expect(await stream.next()).toMatchObject({ id: '1', event: 'created' });
      reads.mockClear();

      await appendPositions(t.db, serviceId, 1, 7);
      expect(await stream.next()).toMatchObject({ id: '2', event: 'position', data: { n: 7 } });
      expect(reads).not.toHaveBeenCalled();

      // Beyond what a NOTIFY may carry (8,000 bytes): the stream reads it from the table.
      const padding = 'x'.repeat(9_000);
      await createServiceWritePath(t.db.db).run(async ({ lock, apply }) => {
        const service = await lock(serviceId);
        if (!service) throw new Error('no service');
        const event = markedPosition(8);
        await apply(service, {
          events: [
            { ...event, payload: { ...event.payload, padding } } as unknown as ServiceHistoryEvent,
          ],
        });
      });
      expect(await stream.next()).toMatchObject({ id: '3', data: { n: 8, padding } });
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
      stream.close();
    }
  });

  it('resumes after Last-Event-ID: nothing missed, nothing repeated', async () => {
    const { id: serviceId, token } = await createService(t.app, accountId);
    await appendPositions(t.db, serviceId, 3); // seq 2..4
    const headers = bearerHeaders(t, token);

    const first = await openStream(eventsUrl(baseUrl, serviceId, {}), headers);
    const seen: string[] = [];
    for (let i = 0; i < 4; i += 1) seen.push((await first.next()).id ?? '');
    first.close();
    expect(seen).toEqual(['1', '2', '3', '4']);

    // Written while the client is away.
    await cancelService(t.app, serviceId, token); // seq 5
    const resumed = await openStream(eventsUrl(baseUrl, serviceId, {}), {
      ...headers,
      'last-event-id': '4',
    });
    try {
      expect(await resumed.next()).toMatchObject({ id: '5', event: 'status' });
      await appendPositions(t.db, serviceId, 1, 100);
      expect(await resumed.next()).toMatchObject({ id: '6', event: 'position', data: { n: 100 } });
      await expect(resumed.next(300)).rejects.toThrow('no SSE message in time');
    } finally {
      resumed.close();
    }

    // The query form, for clients that cannot set the header.
    const byQuery = await openStream(
      eventsUrl(baseUrl, serviceId, { key: t.config.appKey, token, lastEventId: '5' }),
    );
    try {
      expect(await byQuery.next()).toMatchObject({ id: '6', data: { n: 100 } });
    } finally {
      byQuery.close();
    }
  });

  it('sends nothing for an event whose transaction rolled back (NOTIFY waits for commit)', async () => {
    const { id: serviceId, token } = await createService(t.app, accountId);
    const stream = await openStream(eventsUrl(baseUrl, serviceId, { key: t.config.appKey, token }));
    try {
      expect((await stream.next()).id).toBe('1');
      await expect(
        createServiceWritePath(t.db.db).run(async ({ lock, apply }) => {
          const service = await lock(serviceId);
          if (service) await apply(service, { events: [markedPosition(-1)] });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      await appendPositions(t.db, serviceId, 1, 7);
      expect(await stream.next()).toMatchObject({ id: '2', data: { n: 7 } });
    } finally {
      stream.close();
    }
  });

  it('removes the subscriber when the client goes away', async () => {
    const { id: serviceId, token } = await createService(t.app, accountId);
    // Streams of the tests before end asynchronously, like this one.
    await waitFor(() => t.app.serviceEventsBus.subscriberCount() === 0);
    const stream = await openStream(eventsUrl(baseUrl, serviceId, { key: t.config.appKey, token }));
    await stream.next();
    expect(t.app.serviceEventsBus.subscriberCount()).toBe(1);
    stream.close();
    await waitFor(() => t.app.serviceEventsBus.subscriberCount() === 0);
  });

  it('answers 401 without a token, 403 with a wrong one, 401 without the app key', async () => {
    const { id: serviceId, token } = await createService(t.app, accountId);
    const other = await createService(t.app, accountId);
    const key = t.config.appKey;
    const cases: [Record<string, string>, Record<string, string>, number, string][] = [
      [{ key }, {}, 401, 'UNAUTHORIZED'],
      [{ key, token: other.token }, {}, 403, 'FORBIDDEN'],
      [{ key, token: 'x'.repeat(43) }, {}, 403, 'FORBIDDEN'],
      [{}, { 'x-api-key': key, authorization: `Bearer ${other.token}` }, 403, 'FORBIDDEN'],
      [{ token }, {}, 401, 'UNAUTHORIZED'],
      [{ key: 'not-the-key', token }, {}, 401, 'UNAUTHORIZED'],
    ];
    for (const [query, headers, status, code] of cases) {
      const res = await fetch(eventsUrl(baseUrl, serviceId, query), { headers });
      expect({ query, status: res.status }).toEqual({ query, status });
      expect(((await res.json()) as { code: string }).code).toBe(code);
    }
  });

  it('never writes the query-string token into the request log', async () => {
    const lines: string[] = [];
    const app = await buildApp({ config: t.config, db: t.db, logger: capturedLogger(lines) });
    try {
      const { id: serviceId, token } = await createService(app, accountId);
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(eventsUrl(url, serviceId, { key: t.config.appKey, token }));
      await stream.next();
      stream.close();
      const denied = await fetch(
        eventsUrl(url, serviceId, { key: t.config.appKey, token: 'y'.repeat(43) }),
      );
      expect(denied.status).toBe(403);
      const log = lines.join('');
      expect(log).toContain(`/common/api/v1/services/${serviceId}/events`);
      expect(log).not.toContain(token);
      expect(log).not.toContain('y'.repeat(43));
    } finally {
      await app.close();
    }
  });
});

describe('service events bus fan-out', () => {
  it.each([
    ['svc-abc:3', { serviceId: 'svc-abc', seq: 3 }],
    ['a:b:12', { serviceId: 'a:b', seq: 12 }],
    ['svc-abc:0', undefined],
    ['svc-abc:x', undefined],
    [':4', undefined],
    ['no-colon', undefined],
    ['svc-abc:3\n{not json', { serviceId: 'svc-abc', seq: 3 }],
    ['svc-abc:3\n{"id":1,"type":"position"}', { serviceId: 'svc-abc', seq: 3 }],
  ])('reads the NOTIFY payload %j (decision 220: `<serviceId>:<seq>`)', (payload, expected) => {
    expect(parseServiceEventNotification(payload)).toEqual(expected);
  });

  it('reads the event a NOTIFY carries (decision 782), as the write path writes it', () => {
    const createdAt = new Date('2026-11-29T12:00:00.000Z');
    const event = {
      id: 41,
      serviceId: 'svc:a',
      seq: 9,
      type: 'status',
      payload: { status: 'Void', note: 'a:b\nc' },
      createdAt,
    };
    expect(parseServiceEventNotification(serviceEventNotification(event))).toEqual({
      serviceId: 'svc:a',
      seq: 9,
      event,
    });
    // Too large to carry: the wake-up call alone.
    const large = { ...event, payload: { text: 'x'.repeat(8_000) } };
    expect(serviceEventNotification(large)).toBe('svc:a:9');
  });

  it('wakes only the subscribers of the notified service, until they unsubscribe', () => {
    const bus = createServiceEventsFanOut();
    const woken: string[] = [];
    const subscriber = (name: string) => ({
      notify: (seq: number) => woken.push(`${name}@${seq}`),
      close: () => woken.push(`${name} closed`),
    });
    const offA = bus.subscribe('svc-a', subscriber('a1'));
    bus.subscribe('svc-a', subscriber('a2'));
    bus.subscribe('svc-b', subscriber('b1'));
    expect(bus.subscriberCount()).toBe(3);
    bus.deliver('svc-a:5');
    offA();
    offA();
    bus.deliver('svc-a:6');
    bus.deliver('garbage');
    bus.closeAll();
    expect(bus.subscriberCount()).toBe(2);
    expect(woken).toEqual(['a1@5', 'a2@5', 'a2@6', 'a2 closed', 'b1 closed']);
  });
});
