import { describe, expect, it } from 'vitest';
import { testService } from '../../../test/service-fixture.ts';
import { estimatedTimeText, simulatedProgress } from './tracking-view.ts';

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

describe('progress bar: the drive on route', () => {
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
