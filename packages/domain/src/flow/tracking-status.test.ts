import { describe, expect, it } from 'vitest';
import { makeService } from './test-fixtures.ts';
import { trackingProgressStep, trackingTitle } from './tracking-status.ts';

describe('tracking title (SPEC 2 "Tracking: title by trip status")', () => {
  const driver = { _id: 'drv-1', name: 'Luis Rivera' };

  it.each([
    [
      "Accepted: '{driver name} will be with you soon'",
      'ACCEPTED',
      { key: 'title.accepted', name: 'Luis Rivera' },
    ],
    ["On route: 'Your assistance is on the way'", 'ON_ROUTE', { key: 'title.onRoute' }],
    ["Arrived: 'Providing assistance'", 'ARRIVED', { key: 'title.providing' }],
    ["Towed: 'Providing assistance'", 'TOWED', { key: 'title.providing' }],
  ] as const)('%s', (_rule, status, expected) => {
    const service = makeService({ trip: { status, stamps: {}, simulatedEta: null }, driver });
    expect(trackingTitle(service)).toEqual(expected);
  });

  it('SPEC 4 initial status: an untracked trip with a real driver shows Accepted', () => {
    const service = makeService({
      trip: { status: 'NEW', stamps: {}, simulatedEta: null },
      driver,
    });
    expect(trackingTitle(service)).toEqual({ key: 'title.accepted', name: 'Luis Rivera' });
  });

  it('SPEC 4 initial status: no real driver shows On route', () => {
    const service = makeService({
      trip: { status: null, stamps: {}, simulatedEta: null },
      driver: null,
    });
    expect(trackingTitle(service)).toEqual({ key: 'title.onRoute' });
  });

  it('a driver without a name is still on the way', () => {
    const service = makeService({
      trip: { status: 'ACCEPTED', stamps: {}, simulatedEta: null },
      driver: { _id: 'drv-1', name: '' },
    });
    expect(trackingTitle(service)).toEqual({ key: 'title.onRoute' });
  });
});

describe('progress bar (SPEC 4 "new=1, accepted=2, on route=3, arrived or towed=4")', () => {
  it.each([
    ['Queued is new', 'Queued', 'NEW', 1],
    ['Active and accepted', 'Active', 'ACCEPTED', 2],
    ['on route', 'Active', 'ON_ROUTE', 3],
    ['arrived', 'Active', 'ARRIVED', 4],
    ['towed', 'Active', 'TOWED', 4],
    ['finished shows no bar', 'Finished', 'FINISHED', null],
    ['cancelled shows no bar', 'Void', 'ACCEPTED', null],
  ] as const)('%s', (_case, status, trip, step) => {
    expect(
      trackingProgressStep(
        makeService({ status, trip: { status: trip, stamps: {}, simulatedEta: null } }),
      ),
    ).toBe(step);
  });
});
