import { describe, expect, it } from 'vitest';
import {
  dispatchRetryDelayMs,
  firstDispatchAt,
  mayOfferAgain,
  SCHEDULED_DISPATCH_LEAD_MS,
  vehicleFitsServiceType,
  vehicleTypesForServiceType,
} from './dispatch-rules.ts';
import { ALL_SERVICE_TYPE_NAMES } from './service-types.ts';

describe('vehicleFitsServiceType', () => {
  it.each([
    ['towBreakdown', 'tow_truck', true],
    ['towCollission', 'flatbed', true],
    ['towExtraction', 'service_car', false],
    ['towTire', 'motorcycle', false],
    ['flatTire', 'service_car', true],
    ['jumpStart', 'motorcycle', true],
    ['locksmith', 'tow_truck', true],
    ['fuelDelivery', 'van', false],
    ['inspections', 'service_car', true],
    ['inspections', 'tow_truck', false],
    ['Plumbing', 'van', true],
    ['Plumbing', 'tow_truck', false],
    ['Home Locksmith', 'service_car', false],
    ['unknownType', 'tow_truck', false],
  ])('%s with a %s: %s', (situation, vehicle, fits) => {
    expect(vehicleFitsServiceType(vehicle, situation)).toBe(fits);
  });

  it('leaves no known service type without a vehicle', () => {
    for (const name of ALL_SERVICE_TYPE_NAMES) {
      expect(vehicleTypesForServiceType(name).length).toBeGreaterThan(0);
    }
  });
});

describe('firstDispatchAt', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');

  it('dispatches an unscheduled service at once', () => {
    expect(firstDispatchAt(now, null)).toEqual(now);
  });

  it('dispatches a scheduled service 30 minutes before its time', () => {
    const schedule = new Date('2026-03-03T14:00:00.000Z');
    expect(firstDispatchAt(now, schedule).getTime()).toBe(
      schedule.getTime() - SCHEDULED_DISPATCH_LEAD_MS,
    );
  });

  it('dispatches at once a schedule closer than the lead time', () => {
    expect(firstDispatchAt(now, new Date('2026-03-01T10:10:00.000Z'))).toEqual(now);
  });
});

describe('dispatchRetryDelayMs', () => {
  it('doubles from 5 s up to 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(dispatchRetryDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
  });
});

describe('mayOfferAgain', () => {
  const declinedAt = new Date('2026-03-01T10:00:00.000Z');
  const after = (ms: number) => new Date(declinedAt.getTime() + ms);

  it('never right after the answer, before a search has found nobody', () => {
    expect(mayOfferAgain(declinedAt, 0, after(3_600_000))).toBe(false);
  });

  it('once the backoff of the searches that found nobody has passed since the answer', () => {
    expect(mayOfferAgain(declinedAt, 1, after(4_999))).toBe(false);
    expect(mayOfferAgain(declinedAt, 1, after(5_000))).toBe(true);
    expect(mayOfferAgain(declinedAt, 2, after(9_999))).toBe(false);
    expect(mayOfferAgain(declinedAt, 2, after(10_000))).toBe(true);
    expect(mayOfferAgain(declinedAt, 9, after(59_999))).toBe(false);
    expect(mayOfferAgain(declinedAt, 9, after(60_000))).toBe(true);
  });
});
