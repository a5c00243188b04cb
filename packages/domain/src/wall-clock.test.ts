import { Temporal } from 'temporal-polyfill';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  intlWallClock,
  platformTimeZone,
  temporalWallClock,
  type WallClockReader,
} from './wall-clock.ts';

// A browser with Temporal and one without read the same wall clock. On Node (no Temporal of its own)
// the Temporal side is temporal-polyfill, which takes zone offsets from Intl itself: this checks
// how the fields are read, not that a browser's own zone data agrees with its Intl's. The cases: the five branches' zones, and
// zones with daylight saving, half-hour and 45-minute offsets around their changes.
const ZONES = [
  'America/Puerto_Rico',
  'America/Panama',
  'America/Costa_Rica',
  'America/Bogota',
  'America/Mexico_City',
  'America/New_York',
  'Europe/Madrid',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'UTC',
];

const HOUR_MS = 3_600_000;
/** Every 7 hours and 13 minutes from January 2024 to the end of 2027: each hour of the day. */
const INSTANTS = Array.from(
  { length: Math.floor((4 * 365 * 24 * HOUR_MS) / (7 * HOUR_MS + 13 * 60_000)) },
  (_, index) => new Date(Date.UTC(2024, 0, 1) + index * (7 * HOUR_MS + 13 * 60_000) + 17_000),
);
/** The minutes around New York's and Madrid's clock changes of 2026. */
const AROUND_CHANGES = [
  '2026-03-08T07:00:00Z',
  '2026-11-01T06:00:00Z',
  '2026-03-29T01:00:00Z',
  '2026-10-25T01:00:00Z',
].flatMap((iso) =>
  [-61, -1, 0, 1, 59, 61].map((minutes) => new Date(Date.parse(iso) + minutes * 60_000)),
);

describe('wall clock', () => {
  const throughTemporal = temporalWallClock(Temporal);

  it.each(ZONES)('reads the same wall clock through Temporal as through Intl in %s', (zone) => {
    const instants = [...INSTANTS, ...AROUND_CHANGES];
    const read = (reader: WallClockReader) =>
      instants.map((instant) => ({ at: instant.toISOString(), ...reader(instant, zone) }));
    expect(read(throughTemporal)).toEqual(read(intlWallClock));
  });

  it('reads a known instant in a branch zone', () => {
    // 18:50 UTC is 2:50 in the afternoon in Puerto Rico (UTC-4 all year).
    const instant = new Date('2026-03-05T18:50:05Z');
    const expected = { year: 2026, month: 3, day: 5, hour: 14, minute: 50, second: 5 };
    expect(throughTemporal(instant, 'America/Puerto_Rico')).toEqual(expected);
    expect(intlWallClock(instant, 'America/Puerto_Rico')).toEqual(expected);
  });

  it('refuses a zone that does not exist, either way', () => {
    const instant = new Date('2026-03-05T18:50:05Z');
    expect(() => throughTemporal(instant, 'America/Atlantis')).toThrow(RangeError);
    expect(() => intlWallClock(instant, 'America/Atlantis')).toThrow(RangeError);
  });

  it('names the zone the platform runs in as Intl resolves it', () => {
    expect(platformTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('the platform clock', () => {
  // Each test loads the module anew: it looks the platform's Temporal up once.
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("reads through the platform's Temporal where there is one", async () => {
    const zoneOfTheDevice = vi.fn(() => 'America/Costa_Rica');
    vi.stubGlobal('Temporal', { Instant: Temporal.Instant, Now: { timeZoneId: zoneOfTheDevice } });
    const clock = await import('./wall-clock.ts');
    expect(clock.platformTimeZone()).toBe('America/Costa_Rica');
    expect(zoneOfTheDevice).toHaveBeenCalledOnce();
    expect(clock.wallClockIn(new Date('2026-03-05T18:50:05Z'), 'America/Costa_Rica')).toMatchObject(
      {
        hour: 12,
        minute: 50,
      },
    );
  });

  it('falls back to Intl where the Temporal found is not complete', async () => {
    vi.stubGlobal('Temporal', { Now: {} });
    const clock = await import('./wall-clock.ts');
    expect(clock.platformTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(
      clock.wallClockIn(new Date('2026-03-05T18:50:05Z'), 'America/Puerto_Rico'),
    ).toMatchObject({ hour: 14, minute: 50 });
  });
});
