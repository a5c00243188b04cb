import { describe, expect, it } from 'vitest';
import { testService } from '../../../test/service-fixture.ts';
import {
  estimatedTimeText,
  simulatedProgress,
  trackingProgressStep,
  trackingTitle,
} from './tracking-view.ts';

describe('tracking title (SPEC 2 "Tracking: title by trip status")', () => {
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
    expect(
      trackingTitle(testService({ trip: { status, stamps: {}, simulatedEta: null } })),
    ).toEqual(expected);
  });

  it('SPEC 4 initial status: an untracked trip with a real driver shows Accepted', () => {
    const service = testService({ trip: { status: 'NEW', stamps: {}, simulatedEta: null } });
    expect(trackingTitle(service)).toEqual({ key: 'title.accepted', name: 'Luis Rivera' });
  });

  it('SPEC 4 initial status: no real driver shows On route', () => {
    const service = testService({
      trip: { status: null, stamps: {}, simulatedEta: null },
      driver: null,
    });
    expect(trackingTitle(service)).toEqual({ key: 'title.onRoute' });
  });
});

describe("estimated time (SPEC 2 'Estimated time: h:mma', SPEC 9 eta / 60 rounded)", () => {
  const now = new Date('2026-11-21T18:00:00.000Z'); // 2:00 PM in Puerto Rico (UTC-4)
  const onRoute = (eta: number) =>
    testService({
      trip: { status: 'ON_ROUTE', stamps: {}, simulatedEta: null },
      driver: { _id: 'driver-1', name: 'Luis', eta },
    });

  it.each([
    ['15 minutes', 900, '2:15PM'],
    ['89 s rounds to 1 minute', 89, '2:01PM'],
    ['29 s rounds to 0 minutes', 29, '2:00PM'],
    ['crosses the hour', 3_900, '3:05PM'],
  ])('%s', (_case, eta, clock) => {
    expect(estimatedTimeText(onRoute(eta), now, 'America/Puerto_Rico')).toEqual({
      time: clock,
      zoneOf: null,
    });
  });

  it('is written in the branch time zone (Panama is UTC-5), named on a device in another zone', () => {
    expect(estimatedTimeText({ ...onRoute(900), branch: 'PA' }, now, 'America/Panama')).toEqual({
      time: '1:15PM',
      zoneOf: null,
    });
    expect(
      estimatedTimeText({ ...onRoute(900), branch: 'PA' }, now, 'America/Puerto_Rico'),
    ).toEqual({ time: '1:15PM', zoneOf: 'PA' });
  });

  it('is not shown while the eta is unknown (-1) or the driver is not on route', () => {
    expect(estimatedTimeText(onRoute(-1), now)).toBeNull();
    expect(estimatedTimeText(testService(), now)).toBeNull();
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
        testService({ status, trip: { status: trip, stamps: {}, simulatedEta: null } }),
      ),
    ).toBe(step);
  });

  it('SPEC 9: the drive line is clamped between 5% and 95% of the simulated ETA', () => {
    const service = testService({
      trip: {
        status: 'ON_ROUTE',
        stamps: { ACCEPTED: '2026-11-21T18:00:00.000Z' },
        simulatedEta: 600,
      },
    });
    expect(simulatedProgress(service, new Date('2026-11-21T18:00:10.000Z'))).toBe(0.05);
    expect(simulatedProgress(service, new Date('2026-11-21T18:05:00.000Z'))).toBe(0.5);
    expect(simulatedProgress(service, new Date('2026-11-21T19:00:00.000Z'))).toBe(0.95);
  });
});
