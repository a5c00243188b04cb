import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import {
  ApiErrorSchema,
  BoardDriverSchema,
  BoardServiceRemovedSchema,
  BoardServiceSchema,
  BoardSnapshotSchema,
  type BoardDriver,
  type BoardService,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { drivers } from '../src/db/schema.ts';
import { createServiceEventsFanOut } from '../src/plugins/app/service-events-bus.ts';
import { openBoardStream, type BoardReader } from '../src/services/dispatcher/board-stream.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { bearerHeaders } from './support/api-target.ts';
import { CONNECT_PR, OTIUM_PA } from './support/demo-accounts.ts';
import { DEMO_DISPATCHER_EMAILS, dispatcherToken } from './support/dispatcher-session.ts';
import { cancelService, createService } from './support/journey-service.ts';
import { openStream, type SseMessage, type SseStream } from './support/service-stream.ts';

// The dispatcher's live board (docs/decisions/762): GET /board and /drivers once, and the one board
// stream over real HTTP (snapshot, then `service` and `driver` events), limited to the scope of the
// dispatcher; then the stream's own timing rules with a stand-in response and reader.

const PA_SITUATION = { sitLatitude: 8.98, sitLongitude: -79.52, sitAddress: 'Calle 50, Panamá' };

let t: TestApp;
let baseUrl: string;
let prToken: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  prToken = await dispatcherToken(t.app, DEMO_DISPATCHER_EMAILS.pr);
});
afterAll(async () => {
  await t.close();
});

function get(path: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/common/api/v1/dispatcher${path}`,
    headers: token ? bearerHeaders(t, token) : { 'x-api-key': t.config.appKey },
  });
}

function boardStream(token: string): Promise<SseStream> {
  const query = new URLSearchParams({ key: t.config.appKey, token });
  return openStream(`${baseUrl}/common/api/v1/dispatcher/board/events?${query.toString()}`);
}

/** The next `service` event (drivers re-read meanwhile are skipped). */
async function nextService(stream: SseStream, timeoutMs: number): Promise<SseMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = await stream.next(Math.max(1, deadline - Date.now()));
    if (message.event === 'service') return message;
    expect(message.event).toBe('driver');
  }
}

const idOf = (message: SseMessage) => z.object({ _id: z.string() }).parse(message.data)._id;

describe('GET /dispatcher/board and /dispatcher/drivers', () => {
  it("lists the PR dispatcher's PR service and not a PA one; drivers only of PR", async () => {
    const pr = await createService(t.app, CONNECT_PR);
    const pa = await createService(t.app, OTIUM_PA, PA_SITUATION);

    const response = await get('/board', prToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const board = BoardSnapshotSchema.parse(response.json());
    const ids = board.services.map((service) => service._id);
    expect(ids).toContain(pr.id);
    expect(ids).not.toContain(pa.id);
    expect(board.services.every((service) => service.branch === 'PR')).toBe(true);
    expect(board.services.find((service) => service._id === pr.id)).toMatchObject({
      accountId: CONNECT_PR,
      status: 'Queued',
    });

    // The Panamá desk sees the other one only.
    const paBoard = BoardSnapshotSchema.parse(
      (await get('/board', await dispatcherToken(t.app, DEMO_DISPATCHER_EMAILS.pa))).json(),
    );
    expect(paBoard.services.map((service) => service._id)).toContain(pa.id);
    expect(paBoard.services.map((service) => service._id)).not.toContain(pr.id);

    const listed = await get('/drivers', prToken);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const boardDrivers = z.object({ drivers: z.array(BoardDriverSchema) }).parse(listed.json());
    const prDrivers = await t.db.db.select().from(drivers).where(eq(drivers.branch, 'PR'));
    expect(boardDrivers.drivers.map((driver) => driver.id).sort()).toEqual(
      prDrivers.map((driver) => driver.id).sort(),
    );
    expect(board.drivers.every((driver) => driver.branch === 'PR')).toBe(true);
  });

  it('needs a dispatcher token: 401 without one, with a service token or after sign-out', async () => {
    for (const token of [undefined, (await createService(t.app, CONNECT_PR)).token]) {
      const response = await get('/board', token);
      expect(response.statusCode).toBe(401);
      expect(ApiErrorSchema.parse(response.json()).code).toBe('UNAUTHORIZED');
    }
    const token = await dispatcherToken(t.app, DEMO_DISPATCHER_EMAILS.pr);
    expect((await get('/drivers', token)).statusCode).toBe(200);
    const signOut = await t.app.inject({
      method: 'DELETE',
      url: '/common/api/v1/dispatcher/session',
      headers: bearerHeaders(t, token),
    });
    expect(signOut.statusCode).toBe(204);
    expect((await get('/drivers', token)).statusCode).toBe(401);
  });
});

describe('GET /dispatcher/board/events', () => {
  it('sends a snapshot, a new PR request within 1 s, never a PA one, and its removal once cancelled', async () => {
    const stream = await boardStream(prToken);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('x-request-id')).toBeTruthy();
      const snapshot = await stream.next();
      expect(snapshot.event).toBe('snapshot');
      const board = BoardSnapshotSchema.parse(snapshot.data);
      expect(board.services.every((service) => service.branch === 'PR')).toBe(true);
      expect(stream.retry).toBeGreaterThan(0);

      const pa = await createService(t.app, OTIUM_PA, PA_SITUATION);
      const pr = await createService(t.app, CONNECT_PR);
      const seen: SseMessage[] = [];
      let added = await nextService(stream, 1_000);
      seen.push(added);
      // Anything the dispatch engine did to it meanwhile arrives as a change of the same row.
      while (idOf(added) !== pr.id) {
        added = await nextService(stream, 1_000);
        seen.push(added);
      }
      expect(BoardServiceSchema.parse(added.data)).toMatchObject({
        _id: pr.id,
        branch: 'PR',
        accountId: CONNECT_PR,
      });

      await cancelService(t.app, pr.id, pr.token);
      let removed = await nextService(stream, 1_000);
      seen.push(removed);
      while (!BoardServiceRemovedSchema.safeParse(removed.data).success) {
        removed = await nextService(stream, 1_000);
        seen.push(removed);
      }
      expect(removed.data).toEqual({ _id: pr.id, removed: true });
      expect(seen.map(idOf)).not.toContain(pa.id);

      // A PA change after all that: still nothing for this desk.
      await cancelService(t.app, pa.id, pa.token);
      await expect(nextService(stream, 600)).rejects.toThrow(/no SSE message/);
    } finally {
      stream.close();
    }
  });

  it('a reconnect gets a fresh snapshot of the board as it is now', async () => {
    const first = await boardStream(prToken);
    const before = BoardSnapshotSchema.parse((await first.next()).data);
    first.close();
    expect(await first.ended).toBe('error');

    const created = await createService(t.app, CONNECT_PR);
    const second = await boardStream(prToken);
    try {
      const snapshot = await second.next();
      expect(snapshot.event).toBe('snapshot');
      const after = BoardSnapshotSchema.parse(snapshot.data);
      expect(after.services.map((service) => service._id)).toContain(created.id);
      expect(before.services.map((service) => service._id)).not.toContain(created.id);
    } finally {
      second.close();
    }
  });

  it('ends within a few seconds of a sign-out', async () => {
    const token = await dispatcherToken(t.app, DEMO_DISPATCHER_EMAILS.pr);
    const stream = await boardStream(token);
    try {
      expect((await stream.next()).event).toBe('snapshot');
      const signOut = await t.app.inject({
        method: 'DELETE',
        url: '/common/api/v1/dispatcher/session',
        headers: bearerHeaders(t, token),
      });
      expect(signOut.statusCode).toBe(204);
      const signedOutAt = Date.now();
      const timeout = new Promise<'still open'>((resolve) => {
        setTimeout(() => {
          resolve('still open');
        }, 6_000).unref();
      });
      expect(await Promise.race([stream.ended, timeout])).toBe('end');
      expect(Date.now() - signedOutAt).toBeLessThan(6_000);
      expect((await boardStream(token)).status).toBe(401);
    } finally {
      stream.close();
    }
  });

  it('is refused without a dispatcher token or the app key: 401', async () => {
    const noToken = await openStream(
      `${baseUrl}/common/api/v1/dispatcher/board/events?key=${encodeURIComponent(t.config.appKey)}`,
    );
    expect(noToken.status).toBe(401);
    const noKey = await openStream(
      `${baseUrl}/common/api/v1/dispatcher/board/events?token=${encodeURIComponent(prToken)}`,
    );
    expect(noKey.status).toBe(401);
    const unknown = await boardStream('y'.repeat(43));
    expect(unknown.status).toBe(401);
  });
});

// --- The stream's rules on their own: a stand-in response, reader and bus. ---

class FakeResponse extends EventEmitter {
  text = '';
  ended = false;
  destroyed = false;
  socket = null;
  writableLength = 0;
  status = 0;
  writeHead(status: number) {
    this.status = status;
    return this;
  }
  write(chunk: string) {
    if (this.ended) throw new Error('write after end');
    this.text += chunk;
    return true;
  }
  end(chunk?: string) {
    if (chunk) this.write(chunk);
    this.ended = true;
    return this;
  }
  /** The messages written so far, as `event` and parsed data. */
  messages() {
    return this.text
      .split('\n\n')
      .filter((block) => block.startsWith('event: '))
      .map((block) => {
        const [eventLine = '', dataLine = ''] = block.split('\n');
        return {
          event: eventLine.slice('event: '.length),
          data: JSON.parse(dataLine.slice('data: '.length)) as unknown,
        };
      });
  }
}

const silentLog = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
const sleep = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

function row(id: string, status = 'Queued'): BoardService {
  return {
    _id: id,
    serviceNumber: 1,
    accountId: 'acc',
    brand: null,
    branch: 'PR',
    situation: 'flatTire',
    serviceType: 'road',
    stage: 'queued',
    status,
    tripStatus: null,
    createdAt: '2026-11-28T00:00:00.000Z',
    schedule: null,
    etaSeconds: null,
    address: null,
    location: null,
    driver: null,
    offeredTo: null,
    breaches: [],
    // Each read stamps its own time: never a change in itself.
    updatedAt: new Date().toISOString(),
  };
}

function driver(id: string, online: boolean): BoardDriver {
  return {
    id,
    name: id,
    branch: 'PR',
    vehicleType: 'tow',
    online,
    status: 'available',
    currentService: null,
    busyElsewhere: false,
    position: null,
    lastSeenAt: null,
  };
}

/** A board held in memory, counting the reads of notified services. */
function memoryBoard() {
  const board = {
    services: new Map<string, BoardService>(),
    drivers: [driver('d1', false)],
    notifiedReads: [] as string[][],
  };
  const reader: BoardReader = {
    snapshot: () =>
      Promise.resolve({
        serverTime: new Date().toISOString(),
        services: [...board.services.values()].map((s) => row(s._id, s.status)),
        drivers: board.drivers,
      }),
    services: (_now, ids) => {
      if (ids) board.notifiedReads.push([...ids]);
      const all = [...board.services.values()].map((s) => row(s._id, s.status));
      return Promise.resolve(ids ? all.filter((s) => ids.includes(s._id)) : all);
    },
    drivers: () => Promise.resolve(board.drivers),
  };
  return { board, reader };
}

describe('the board stream on its own', () => {
  const intervals = { servicesMs: 40, driversMs: 60, fullMs: 150, heartbeatMs: 30 };

  it('coalesces notifications, sends only changed rows, and ends cleanly', async () => {
    const { board, reader } = memoryBoard();
    board.services.set('s1', row('s1'));
    const bus = createServiceEventsFanOut();
    const raw = new FakeResponse();
    let closed = 0;
    openBoardStream({
      reader,
      bus,
      raw: raw as unknown as ServerResponse,
      log: silentLog,
      intervals: { ...intervals, driversMs: 10_000, fullMs: 10_000 },
      onClose: () => {
        closed += 1;
      },
    });
    await sleep(20);
    expect(raw.status).toBe(200);
    expect(raw.messages().map((m) => m.event)).toEqual(['snapshot']);

    // Three notifications in a burst: one read of both ids; s1 unchanged is not sent again.
    board.services.set('s2', row('s2'));
    bus.deliver('s1:2');
    bus.deliver('s2:1');
    bus.deliver('s2:2');
    await sleep(120);
    expect(board.notifiedReads).toEqual([['s1', 's2']]);
    expect(raw.messages().slice(1)).toEqual([
      { event: 'service', data: expect.objectContaining({ _id: 's2' }) as unknown },
    ]);

    board.services.delete('s1');
    bus.deliver('s1:3');
    await sleep(120);
    expect(raw.messages().at(-1)).toEqual({ event: 'service', data: { _id: 's1', removed: true } });
    expect(raw.text).toContain(': heartbeat');

    raw.emit('close');
    expect(raw.ended).toBe(true);
    expect(closed).toBe(1);
    // Unwatched and every timer cleared: nothing more is read or written.
    const written = raw.text;
    const reads = board.notifiedReads.length;
    bus.deliver('s2:3');
    await sleep(120);
    expect(raw.text).toBe(written);
    expect(board.notifiedReads.length).toBe(reads);
  });

  it('re-reads drivers and, as a safety net, every service without a notification', async () => {
    const { board, reader } = memoryBoard();
    board.services.set('s1', row('s1'));
    const raw = new FakeResponse();
    let watchers = 0;
    const bus = {
      watch: () => {
        watchers += 1;
        return () => {
          watchers -= 1;
        };
      },
    };
    openBoardStream({
      reader,
      bus,
      raw: raw as unknown as ServerResponse,
      log: silentLog,
      intervals,
    });
    await sleep(20);
    expect(watchers).toBe(1);

    board.drivers = [driver('d1', true)];
    board.services.delete('s1');
    board.services.set('s3', row('s3'));
    await sleep(250);
    const events = raw.messages().slice(1);
    expect(events).toContainEqual({ event: 'driver', data: driver('d1', true) });
    expect(events).toContainEqual({ event: 'service', data: { _id: 's1', removed: true } });
    expect(events).toContainEqual({
      event: 'service',
      data: expect.objectContaining({ _id: 's3' }) as unknown,
    });
    // The driver is sent once, not at every re-read.
    expect(events.filter((event) => event.event === 'driver')).toHaveLength(1);

    raw.emit('close');
    expect(watchers).toBe(0);
  });

  it('ends with a short retry hint when the server drains, and the session ending ends it', async () => {
    const { reader } = memoryBoard();
    const listeners = new Set<() => void>();
    const draining = {
      active: () => false,
      onStart: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const raw = new FakeResponse();
    openBoardStream({
      reader,
      bus: createServiceEventsFanOut(),
      raw: raw as unknown as ServerResponse,
      log: silentLog,
      draining,
      intervals,
    });
    await sleep(20);
    for (const listener of [...listeners]) listener();
    expect(raw.ended).toBe(true);
    expect(raw.text.trimEnd()).toMatch(/retry: \d+$/);
    expect(listeners.size).toBe(0);

    const signedOut = new FakeResponse();
    openBoardStream({
      reader: { ...reader, stillSignedIn: () => Promise.resolve(false) },
      bus: createServiceEventsFanOut(),
      raw: signedOut as unknown as ServerResponse,
      log: silentLog,
      intervals,
    });
    await sleep(250);
    expect(signedOut.ended).toBe(true);
  });

  it('never piles reads up while the database is slow: a tick whose read is in flight is skipped', async () => {
    const { reader } = memoryBoard();
    let driverReads = 0;
    let sessionChecks = 0;
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const raw = new FakeResponse();
    openBoardStream({
      reader: {
        ...reader,
        drivers: async () => {
          driverReads += 1;
          await slow;
          return reader.drivers();
        },
        stillSignedIn: () => {
          sessionChecks += 1;
          return Promise.resolve(true);
        },
      },
      bus: createServiceEventsFanOut(),
      raw: raw as unknown as ServerResponse,
      log: silentLog,
      intervals: { ...intervals, driversMs: 5, fullMs: 10_000 },
    });
    // Some 60 ticks while the first read hangs: none of them is queued behind it.
    await sleep(300);
    expect(driverReads).toBe(1);
    release();
    await sleep(30);
    // Once it is done, the ticks read again one at a time: a handful, not the 60 missed ones.
    expect(driverReads).toBeLessThan(10);
    expect(sessionChecks).toBeLessThan(10);
    raw.emit('close');
  });
});
