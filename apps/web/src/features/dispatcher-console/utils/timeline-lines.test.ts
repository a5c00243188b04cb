import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@auxilio/domain';
import { timelineLines } from './timeline-lines.ts';

const at = '2026-11-28T14:00:00.000Z';
const entry = (
  seq: number,
  type: string,
  payload: Record<string, unknown> = {},
): TimelineEntry => ({
  seq,
  at,
  type,
  payload,
});

describe('timeline lines', () => {
  it('names dispatch steps with the driver, folds positions and keeps unknown types by name', () => {
    const lines = timelineLines(
      [
        entry(1, 'created'),
        entry(2, 'dispatch', { step: 'assigned', driverId: 'drv-1' }),
        entry(3, 'position', { lat: 1, lng: 2 }),
        entry(4, 'position', { lat: 1, lng: 2 }),
        entry(5, 'position', { lat: 1, lng: 2 }),
        entry(6, 'trip', { status: 'ON_ROUTE' }),
        entry(7, 'dispatch', { step: 'rejected', driverId: 'drv-9' }),
        entry(8, 'status', { status: 'Pending Audit' }),
        entry(9, 'mystery'),
      ],
      (id) => (id === 'drv-1' ? 'Luis Ortiz' : null),
    );
    expect(lines.map(({ key, values, keyedValues }) => ({ key, values, keyedValues }))).toEqual([
      { key: 'timeline.created', values: {}, keyedValues: undefined },
      {
        key: 'timeline.dispatch.assigned',
        values: { driver: 'Luis Ortiz' },
        keyedValues: undefined,
      },
      { key: 'timeline.positions', values: { count: 3 }, keyedValues: undefined },
      { key: 'timeline.trip', values: {}, keyedValues: { step: 'timeline.tripStep.ON_ROUTE' } },
      {
        key: 'timeline.dispatch.rejected',
        values: {},
        keyedValues: { driver: 'timeline.unknownDriver' },
      },
      {
        key: 'timeline.status',
        values: {},
        keyedValues: { status: 'timeline.statusWord.PendingAudit' },
      },
      { key: 'timeline.other', values: { type: 'mystery' }, keyedValues: undefined },
    ]);
  });
});
