import { describe, expect, it } from 'vitest';
import {
  addDaysToPlainDate,
  clampSimulatedProgress,
  defaultHomeDate,
  estimatedArrival,
  formatArrivalClock,
  formatMMDDYYYY,
  isHomeDateAllowed,
  isScheduleInPast,
  isServiceExpired,
  isValidPlainDate,
  parseMMDDYYYY,
  plainDateInTimeZone,
  PlainDateSchema,
} from './dates.ts';

describe('MM/DD/YYYY', () => {
  const FORMAT = 'SPEC 5: "Date format MM/DD/YYYY."';
  it.each<[string, string, string]>([
    [FORMAT, '2026-03-05', '03/05/2026'],
    [FORMAT, '2026-12-31', '12/31/2026'],
    [FORMAT, '2028-02-29', '02/29/2028'],
  ])('%s: %s -> %s', (_spec, plain, text) => {
    expect(formatMMDDYYYY(plain)).toBe(text);
    expect(parseMMDDYYYY(text)).toBe(plain);
  });

  it.each<[string, string]>([
    [FORMAT + ' (day first is refused)', '31/12/2026'],
    [FORMAT + ' (two-digit month and day)', '3/5/2026'],
    [FORMAT + ' (four-digit year)', '03/05/26'],
    [FORMAT + ' (ISO text is not MM/DD/YYYY)', '2026-03-05'],
    [FORMAT + ' (not a real day)', '02/30/2026'],
    [FORMAT + ' (not a leap year)', '02/29/2027'],
    [FORMAT + ' (month 13)', '13/01/2026'],
    [FORMAT + ' (no trailing text)', '03/05/2026 '],
  ])('%s: rejects %j', (_spec, text) => {
    expect(parseMMDDYYYY(text)).toBeNull();
  });

  it('SPEC 5 "Date format MM/DD/YYYY": calendar arithmetic crosses months and years', () => {
    expect(isValidPlainDate('2026-02-30')).toBe(false);
    expect(addDaysToPlainDate('2026-12-30', 2)).toBe('2027-01-01');
    expect(addDaysToPlainDate('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('home date', () => {
  const DEFAULT = 'SPEC 3: Home notes "date (default two days ahead)"';
  it.each<[string, string, string]>([
    [DEFAULT, '2026-03-05', '2026-03-07'],
    [DEFAULT + ' (month end)', '2026-04-29', '2026-05-01'],
    [DEFAULT + ' (year end)', '2026-12-31', '2027-01-02'],
    [DEFAULT + ' (leap day)', '2028-02-28', '2028-03-01'],
  ])('%s: today %s -> %s', (_spec, today, expected) => {
    expect(defaultHomeDate(today)).toBe(expected);
  });

  const MIN = 'SPEC 5: "Home availability date at least 2 days from today."';
  it.each<[string, string, string, boolean]>([
    [MIN, '2026-03-07', '2026-03-05', true],
    [MIN, '2026-03-20', '2026-03-05', true],
    [MIN, '2026-03-06', '2026-03-05', false],
    [MIN, '2026-03-05', '2026-03-05', false],
    [MIN, '2026-03-01', '2026-03-05', false],
    [MIN + ' (across a year end)', '2027-01-01', '2026-12-30', true],
    [MIN + ' (an invalid date is refused)', '2026-02-31', '2026-01-01', false],
  ])('%s: %s with today %s -> %s', (_spec, date, today, expected) => {
    expect(isHomeDateAllowed(date, today)).toBe(expected);
  });

  it('SPEC 9 "home date default 2 days ahead": today is read in the branch time zone', () => {
    // 02:00 UTC on 6 March is still 5 March in Puerto Rico (UTC-4).
    const instant = new Date('2026-03-06T02:00:00Z');
    expect(plainDateInTimeZone(instant, 'America/Puerto_Rico')).toBe('2026-03-05');
    expect(plainDateInTimeZone(instant, 'UTC')).toBe('2026-03-06');
  });
});

describe('isServiceExpired', () => {
  const RULE = 'SPEC 5: "A service older than 30 days is expired for any track."';
  const now = new Date('2026-03-31T12:00:00Z');
  it.each<[string, string | null, boolean]>([
    [RULE, '2026-03-30T12:00:00Z', false],
    [RULE, '2026-03-01T12:00:00Z', false],
    [RULE, '2026-03-01T11:59:59Z', true],
    [RULE, '2025-12-01T00:00:00Z', true],
    [RULE + ' (no date: not expired)', null, false],
    [RULE + ' (unreadable date: not expired)', 'yesterday', false],
  ])('%s: %s -> %s', (_spec, date, expected) => {
    expect(isServiceExpired(date, now)).toBe(expected);
  });
});

describe('isScheduleInPast', () => {
  const RULE = 'SPEC 5: "Scheduled date cannot be in the past."';
  const now = new Date('2026-03-05T15:00:00Z');
  it.each<[string, string | null, boolean]>([
    [RULE, '2026-03-05T14:59:00Z', true],
    [RULE, '2026-03-04T09:00:00-04:00', true],
    [RULE, '2026-03-05T15:00:00Z', false],
    [RULE, '2026-03-06T08:00:00-04:00', false],
    [RULE + ' (schedule "ISO date-time or empty": empty is now)', '', false],
    [RULE + ' (no schedule)', null, false],
  ])('%s: %j -> %s', (_spec, schedule, expected) => {
    expect(isScheduleInPast(schedule, now)).toBe(expected);
  });
});

describe('formatArrivalClock', () => {
  const CLOCK = "SPEC 2 tracking: 'Estimated time: h:mma'";
  it.each<[string, string, number, string, string]>([
    [CLOCK, '2026-03-05T18:50:00Z', 900, 'America/Puerto_Rico', '3:05PM'],
    [CLOCK, '2026-03-05T15:30:00Z', 0, 'America/Costa_Rica', '9:30AM'],
    [CLOCK + ' (noon)', '2026-03-05T17:00:00Z', 0, 'America/Bogota', '12:00PM'],
    [CLOCK + ' (midnight)', '2026-03-05T04:50:00Z', 600, 'America/Panama', '12:00AM'],
    [
      CLOCK + ' (Mexico City, no daylight saving since 2022)',
      '2026-07-01T20:05:00Z',
      0,
      'America/Mexico_City',
      '2:05PM',
    ],
  ])('%s: %s + %i s in %s -> %s', (_spec, iso, eta, zone, text) => {
    expect(formatArrivalClock(estimatedArrival(new Date(iso), eta), zone)).toBe(text);
  });
});

describe('clampSimulatedProgress', () => {
  const RULE = 'SPEC 9: "simulated progress clamped between 5% and 95% of the simulated ETA"';
  it.each<[string, number, number, number]>([
    [RULE, 0, 600, 0.05],
    [RULE, 15, 600, 0.05],
    [RULE, 300, 600, 0.5],
    [RULE, 570, 600, 0.95],
    [RULE, 900, 600, 0.95],
    [RULE + ' (no simulated ETA: waits at the top)', 60, 0, 0.95],
    [RULE + ' (nothing elapsed and no ETA)', Number.NaN, 600, 0.05],
  ])('%s: %s of %s s -> %d', (_spec, elapsed, eta, expected) => {
    expect(clampSimulatedProgress(elapsed, eta)).toBeCloseTo(expected, 10);
  });
});

describe('PlainDateSchema', () => {
  const RULE = 'SPEC 3: Home notes "date (default two days ahead)" is a calendar day';
  it.each<[string, string, boolean]>([
    [RULE, '2026-03-07', true],
    [RULE + ' (MM/DD/YYYY is display text, not the stored form)', '03/07/2026', false],
    [RULE + ' (a real day only)', '2026-02-30', false],
  ])('%s: %j -> %s', (_spec, value, ok) => {
    expect(PlainDateSchema.safeParse(value).success).toBe(ok);
  });
});
