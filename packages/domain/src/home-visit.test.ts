import { describe, expect, it } from 'vitest';
import { homeVisitStart, isHomeVisitAllowed } from './home-visit.ts';

const PUERTO_RICO = 'America/Puerto_Rico'; // UTC-4 all year
const MEXICO_CITY = 'America/Mexico_City'; // UTC-6 all year since 2022

describe('homeVisitStart (decision 644)', () => {
  it.each([
    { availability: 'morning', zone: PUERTO_RICO, iso: '2026-12-01T12:00:00.000Z' },
    { availability: 'afternoon', zone: PUERTO_RICO, iso: '2026-12-01T17:00:00.000Z' },
    { availability: 'all_day', zone: PUERTO_RICO, iso: '2026-12-01T12:00:00.000Z' },
    { availability: 'afternoon', zone: MEXICO_CITY, iso: '2026-12-01T19:00:00.000Z' },
  ] as const)(
    '$availability on 2026-12-01 in $zone opens at $iso',
    ({ availability, zone, iso }) => {
      expect(homeVisitStart({ date: '2026-12-01', availability }, zone).toISOString()).toBe(iso);
    },
  );
});

describe('isHomeVisitAllowed: SPEC 5 "Home availability date at least 2 days from today"', () => {
  // 23:30 on 25 November in Puerto Rico is already 26 November in UTC.
  const lateEvening = new Date('2026-11-26T03:30:00Z');

  it('counts the days from today in the branch, not in UTC', () => {
    expect(
      isHomeVisitAllowed({ date: '2026-11-27', availability: 'morning' }, lateEvening, PUERTO_RICO),
    ).toBe(true);
    expect(
      isHomeVisitAllowed({ date: '2026-11-27', availability: 'morning' }, lateEvening, 'UTC'),
    ).toBe(false);
  });

  it('refuses today and tomorrow, accepts 2 days ahead and later', () => {
    const now = new Date('2026-11-25T15:00:00Z');
    const allowed = (date: string) =>
      isHomeVisitAllowed({ date, availability: 'afternoon' }, now, PUERTO_RICO);
    expect(allowed('2026-11-25')).toBe(false);
    expect(allowed('2026-11-26')).toBe(false);
    expect(allowed('2026-11-27')).toBe(true);
    expect(allowed('2027-01-15')).toBe(true);
  });
});
