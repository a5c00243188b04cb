import { describe, expect, it } from 'vitest';
import type { SharedService } from '@auxilio/domain';
import { hasEnded, sharedEtaText, sharedTitle } from './shared-view.ts';

type View = Pick<SharedService, 'status' | 'trip' | 'driver' | 'branch'>;

const DRIVER: NonNullable<SharedService['driver']> = {
  firstName: 'Luis',
  vehicleType: 'tow_truck',
  iconset: null,
  vehicleImage: null,
  lat: 18.45,
  lng: -66.05,
  eta: 900,
  distance: 5200,
};

const view = (overrides: Partial<View> = {}): View => ({
  status: 'Active',
  branch: 'PR',
  trip: { status: 'ACCEPTED', stamps: {}, simulatedEta: null },
  driver: DRIVER,
  ...overrides,
});

describe('shared view (decision 475, tracking titles of SPEC 2)', () => {
  it.each<[string, Partial<View>, ReturnType<typeof sharedTitle>]>([
    [
      'accepted: the driver by first name',
      {},
      { ns: 'tracking', key: 'title.accepted', name: 'Luis' },
    ],
    [
      'on route',
      { trip: { status: 'ON_ROUTE', stamps: {}, simulatedEta: null } },
      { ns: 'tracking', key: 'title.onRoute' },
    ],
    [
      'arrived',
      { trip: { status: 'ARRIVED', stamps: {}, simulatedEta: null } },
      { ns: 'tracking', key: 'title.providing' },
    ],
    [
      'no driver yet',
      { status: 'Queued', driver: null, trip: { status: null, stamps: {}, simulatedEta: null } },
      { ns: 'tracking', key: 'title.following' },
    ],
    ['finished', { status: 'Finished' }, { ns: 'shared-link', key: 'shared.finished' }],
    ['cancelled', { status: 'Cancelled' }, { ns: 'shared-link', key: 'shared.cancelled' }],
  ])('%s', (_case, overrides, expected) => {
    expect(sharedTitle(view(overrides))).toEqual(expected);
  });

  it("shows the arrival clock only on route, in the service's time zone", () => {
    const now = new Date('2026-11-21T14:00:00.000Z');
    const onRoute = view({ trip: { status: 'ON_ROUTE', stamps: {}, simulatedEta: null } });
    expect(sharedEtaText(onRoute, now, 'America/Puerto_Rico')).toEqual({
      time: '10:15AM',
      zoneOf: null,
    });
    // Decision 645: a relative in Madrid reads Puerto Rico's time, named as such.
    expect(sharedEtaText(onRoute, now, 'Europe/Madrid')).toEqual({ time: '10:15AM', zoneOf: 'PR' });
    expect(sharedEtaText(view(), now, 'America/Puerto_Rico')).toBeNull();
    expect(
      sharedEtaText({ ...onRoute, driver: { ...DRIVER, eta: null } }, now, 'America/Puerto_Rico'),
    ).toBeNull();
  });

  it('knows when the service has ended', () => {
    expect(hasEnded(view({ status: 'Finished' }))).toBe(true);
    expect(hasEnded(view({ status: 'Void' }))).toBe(true);
    expect(hasEnded(view())).toBe(false);
  });
});
