import { describe, expect, it } from 'vitest';
import {
  fromLocalDateTimeInput,
  readScheduleInput,
  toLocalDateTimeInput,
} from './schedule-input.ts';

const NOW = new Date('2026-11-21T15:00:30.000Z'); // 11:00:30 in Puerto Rico (UTC-4, no DST)

describe('scheduled picker (SPEC 5 "Scheduled date cannot be in the past")', () => {
  it('reads the wall-clock value in the branch time zone', () => {
    expect(fromLocalDateTimeInput('2026-11-21T13:30', 'America/Puerto_Rico')?.toISOString()).toBe(
      '2026-11-21T17:30:00.000Z',
    );
    expect(fromLocalDateTimeInput('2026-11-21T13:30', 'America/Costa_Rica')?.toISOString()).toBe(
      '2026-11-21T19:30:00.000Z',
    );
  });

  it('handles a zone with daylight saving on both sides of the change', () => {
    // Mexico City has no DST since 2022; New York does: 2026-03-08 02:00 jumps to 03:00.
    expect(fromLocalDateTimeInput('2026-03-07T12:00', 'America/New_York')?.toISOString()).toBe(
      '2026-03-07T17:00:00.000Z',
    );
    expect(fromLocalDateTimeInput('2026-03-09T12:00', 'America/New_York')?.toISOString()).toBe(
      '2026-03-09T16:00:00.000Z',
    );
  });

  it('writes the min value of the picker (now, in the zone)', () => {
    expect(toLocalDateTimeInput(NOW, 'America/Puerto_Rico')).toBe('2026-11-21T11:00');
  });

  it.each([
    { value: '', expected: { ok: false, reason: 'empty' } },
    { value: '2026-02-30T10:00', expected: { ok: false, reason: 'invalid' } },
    { value: 'tomorrow', expected: { ok: false, reason: 'invalid' } },
    { value: '2026-11-21T10:59', expected: { ok: false, reason: 'past' } },
    { value: '2026-11-20T18:00', expected: { ok: false, reason: 'past' } },
    { value: '2026-11-21T11:00', expected: { ok: true, schedule: '2026-11-21T15:00:00.000Z' } },
    { value: '2026-11-22T08:15', expected: { ok: true, schedule: '2026-11-22T12:15:00.000Z' } },
  ])('$value -> $expected', ({ value, expected }) => {
    expect(readScheduleInput(value, 'America/Puerto_Rico', NOW)).toEqual(expected);
  });
});
