import { describe, expect, it } from 'vitest';
import { differsFromDeviceClock, serviceClock } from './service-clock.ts';

// 18:30 UTC on 25 November 2026: 2:30 PM in Puerto Rico (UTC-4), 1:30 PM in Panama and Bogotá
// (UTC-5), 12:30 PM in Costa Rica and Mexico City (UTC-6).
const INSTANT = new Date('2026-11-25T18:30:00Z');

describe('serviceClock (decision 645: one time zone per service)', () => {
  it("shows the branch's time with no label on a device in the same zone", () => {
    expect(serviceClock(INSTANT, 'PR', 'America/Puerto_Rico')).toEqual({
      time: '2:30PM',
      zoneOf: null,
    });
  });

  it("shows the branch's time, labelled, on a device elsewhere (a shared link abroad)", () => {
    expect(serviceClock(INSTANT, 'PR', 'Europe/Madrid')).toEqual({ time: '2:30PM', zoneOf: 'PR' });
    expect(serviceClock(INSTANT, 'CR', 'America/Puerto_Rico')).toEqual({
      time: '12:30PM',
      zoneOf: 'CR',
    });
  });

  it('needs no label for another zone name with the same clock at that instant', () => {
    // Panama and Bogotá are both UTC-5 all year.
    expect(differsFromDeviceClock(INSTANT, 'PA', 'America/Bogota')).toBe(false);
    // New York is on standard time (UTC-5) in November too; Los Angeles is not.
    expect(differsFromDeviceClock(INSTANT, 'CO', 'America/New_York')).toBe(false);
    expect(differsFromDeviceClock(INSTANT, 'CO', 'America/Los_Angeles')).toBe(true);
  });
});
