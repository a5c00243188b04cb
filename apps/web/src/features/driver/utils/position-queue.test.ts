import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DriverPositionFix, DriverPositionsAnswer } from '@auxilio/domain';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { isFixWorthKeeping, PositionQueue, positionQueueKey } from './position-queue.ts';

const POSITION_QUEUE_KEY = positionQueueKey('driver-1');

// The driver's fixes on their way to POST /driver-app/positions: batched (at most 100, oldest
// first), kept in memory and localStorage while sending fails, sent again when the phone is back.

afterEach(() => {
  localStorage.clear();
});

const START = Date.parse('2026-03-02T15:00:00.000Z');

/** One fix every 5 s, moving north. */
function fixes(count: number, from = 0): DriverPositionFix[] {
  return Array.from({ length: count }, (_, index) => ({
    lat: 18.4 + (from + index) * 0.001,
    lng: -66.07,
    accuracy: 8,
    at: new Date(START + (from + index) * 5000).toISOString(),
  }));
}

function answer(batch: readonly DriverPositionFix[]): DriverPositionsAnswer {
  return { accepted: batch.length, lastPositionAt: batch.at(-1)?.at ?? null };
}

describe('position queue', () => {
  it('keeps one fix per 5 s, or a sooner one 25 m away', () => {
    const [first] = fixes(1);
    if (!first) throw new Error('no fix');
    const soon = { ...first, at: new Date(START + 2000).toISOString() };
    expect(isFixWorthKeeping(first, soon)).toBe(false);
    expect(isFixWorthKeeping(first, { ...soon, lat: first.lat + 0.001 })).toBe(true);
    expect(isFixWorthKeeping(first, { ...first, at: new Date(START + 5000).toISOString() })).toBe(
      true,
    );
  });

  it('sends queued fixes in batches of 100, oldest first', async () => {
    const send = vi.fn((batch: readonly DriverPositionFix[]) => Promise.resolve(answer(batch)));
    const queue = new PositionQueue(send, POSITION_QUEUE_KEY, localStorage);
    for (const fix of fixes(150)) queue.add(fix);
    const last = await queue.flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[0]?.[0]).toEqual(fixes(100));
    expect(send.mock.calls[1]?.[0]).toEqual(fixes(50, 100));
    expect(last?.lastPositionAt).toBe(fixes(1, 149)[0]?.at);
    expect(queue.pending).toEqual([]);
    expect(localStorage.getItem(POSITION_QUEUE_KEY)).toBeNull();
  });

  it('keeps the fixes while offline (memory and storage) and resends them when back online', async () => {
    let offline = true;
    const send = vi.fn((batch: readonly DriverPositionFix[]) =>
      offline ? Promise.reject(new Error('offline')) : Promise.resolve(answer(batch)),
    );
    const queue = new PositionQueue(send, POSITION_QUEUE_KEY, localStorage);
    for (const fix of fixes(3)) queue.add(fix);
    expect(await queue.flush()).toBeNull();
    expect(queue.pending).toEqual(fixes(3));
    expect(JSON.parse(localStorage.getItem(POSITION_QUEUE_KEY) ?? '[]')).toEqual(fixes(3));

    // The page reloads while offline: the stored fixes are still there, and new ones join them.
    const reloaded = new PositionQueue(send, POSITION_QUEUE_KEY, localStorage);
    reloaded.add(fixes(1, 3)[0] as DriverPositionFix);
    offline = false;
    await reloaded.flush();
    expect(send).toHaveBeenLastCalledWith(fixes(4));
    expect(reloaded.pending).toEqual([]);
    expect(localStorage.getItem(POSITION_QUEUE_KEY)).toBeNull();
  });

  it('one flush at a time: a second flush while sending does not send twice', async () => {
    let release: () => void = () => undefined;
    const send = vi.fn(
      (batch: readonly DriverPositionFix[]) =>
        new Promise<DriverPositionsAnswer>((resolve) => {
          release = () => {
            resolve(answer(batch));
          };
        }),
    );
    const queue = new PositionQueue(send, POSITION_QUEUE_KEY, localStorage);
    for (const fix of fixes(2)) queue.add(fix);
    const first = queue.flush();
    const second = queue.flush();
    release();
    await Promise.all([first, second]);
    expect(send).toHaveBeenCalledOnce();
  });

  it("keeps each driver's fixes apart, and reads only fixes from storage", () => {
    const send = vi.fn((batch: readonly DriverPositionFix[]) => Promise.resolve(answer(batch)));
    new PositionQueue(send, POSITION_QUEUE_KEY, localStorage).add(fixes(1)[0] as DriverPositionFix);
    expect(new PositionQueue(send, positionQueueKey('driver-2'), localStorage).pending).toEqual([]);

    localStorage.setItem(
      POSITION_QUEUE_KEY,
      JSON.stringify([{ lat: 'north' }, ...fixes(1), { lat: 95, lng: 0, at: 'x' }]),
    );
    expect(new PositionQueue(send, POSITION_QUEUE_KEY, localStorage).pending).toEqual(fixes(1));
  });

  it('drops a batch the server refused and sends the rest; stops when the session is over', async () => {
    const refused = new ApiRequestError(400, 'BAD_REQUEST', 'bad fix');
    const send = vi
      .fn((batch: readonly DriverPositionFix[]) => Promise.resolve(answer(batch)))
      .mockRejectedValueOnce(refused);
    const queue = new PositionQueue(send, POSITION_QUEUE_KEY, localStorage);
    for (const fix of fixes(150)) queue.add(fix);
    await queue.flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[0]).toEqual(fixes(50, 100));
    expect(queue.pending).toEqual([]);

    const signedOut = vi.fn(() =>
      Promise.reject(new ApiRequestError(401, 'UNAUTHORIZED', 'Unknown driver token')),
    );
    const stopped = new PositionQueue(signedOut, POSITION_QUEUE_KEY, localStorage);
    for (const fix of fixes(3, 200)) stopped.add(fix);
    await stopped.flush();
    expect(signedOut).toHaveBeenCalledOnce();
    expect(stopped.pending).toEqual(fixes(3, 200));
  });
});
