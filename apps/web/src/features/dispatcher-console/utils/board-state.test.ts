import { describe, expect, it } from 'vitest';
import { boardDriver, boardService, SERVER_NOW, snapshot } from '../test/console-fixtures.ts';
import { applyDriverEvent, applyServiceEvent, boardFromSnapshot } from './board-state.ts';

// The live board (docs/decisions/762): a snapshot replaces everything, then each event one row.

const receivedAt = Date.parse(SERVER_NOW) - 90_000;

function board() {
  const state = boardFromSnapshot(
    snapshot({
      services: [
        boardService({ _id: 'b', serviceNumber: 2, createdAt: '2026-11-28T13:50:00.000Z' }),
        boardService({ _id: 'a', serviceNumber: 1, createdAt: '2026-11-28T13:40:00.000Z' }),
      ],
    }),
    receivedAt,
  );
  if (!state) throw new Error('snapshot did not parse');
  return state;
}

describe('board state', () => {
  it('takes a snapshot whole, oldest request first, with the server clock offset', () => {
    const state = board();
    expect(state.services.map((row) => row.serviceNumber)).toEqual([1, 2]);
    expect(state.clockOffsetMs).toBe(90_000);
    expect(boardFromSnapshot({ services: 'nope' }, receivedAt)).toBeNull();
  });

  it('replaces a changed row, adds a new one and removes one that left', () => {
    const changed = applyServiceEvent(
      board(),
      boardService({
        _id: 'a',
        serviceNumber: 1,
        stage: 'offered',
        createdAt: '2026-11-28T13:40:00.000Z',
      }),
    );
    expect(changed.services.find((row) => row._id === 'a')?.stage).toBe('offered');
    expect(changed.services).toHaveLength(2);

    const added = applyServiceEvent(changed, boardService({ _id: 'c', serviceNumber: 3 }));
    expect(added.services.map((row) => row.serviceNumber)).toEqual([1, 2, 3]);

    const removed = applyServiceEvent(added, { _id: 'b', removed: true });
    expect(removed.services.map((row) => row.serviceNumber)).toEqual([1, 3]);
  });

  it('ignores an event that does not parse', () => {
    const state = board();
    expect(applyServiceEvent(state, { _id: 'x' })).toBe(state);
    expect(applyDriverEvent(state, { id: 'x' })).toBe(state);
  });

  it('replaces or adds a driver, online drivers first', () => {
    const state = board();
    const offline = applyDriverEvent(state, boardDriver({ online: false }));
    expect(offline.drivers).toHaveLength(1);
    expect(offline.drivers[0]?.online).toBe(false);
    const added = applyDriverEvent(offline, boardDriver({ id: 'drv-2', name: 'Zoe Vega' }));
    expect(added.drivers.map((driver) => driver.name)).toEqual(['Zoe Vega', 'Luis Ortiz']);
  });

  it('a new snapshot after a reconnect drops rows that closed meanwhile', () => {
    const before = applyServiceEvent(board(), boardService({ _id: 'c', serviceNumber: 3 }));
    expect(before.services).toHaveLength(3);
    const after = boardFromSnapshot(
      snapshot({ services: [boardService({ _id: 'c', serviceNumber: 3 })] }),
      receivedAt,
    );
    expect(after?.services.map((row) => row.serviceNumber)).toEqual([3]);
  });
});
