import { isScheduleInPast, wallClockAsUtc } from './dates.ts';

// SPEC 2 "'When do you want the service?' with Now / Scheduled and a date and time picker" and SPEC 5
// "Scheduled date cannot be in the past". The picker is a native datetime-local input: its value is a
// wall-clock time 'YYYY-MM-DDTHH:mm' with no zone; we read it in the branch's IANA time zone
// (decision 284) and store the instant as ISO (SPEC 3 "schedule (ISO date-time or empty)").

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const pad = (value: number): string => String(value).padStart(2, '0');

/** 'YYYY-MM-DDTHH:mm' of an instant in an IANA zone (the datetime-local value and its min). */
export function toLocalDateTimeInput(instant: Date, timeZone: string): string {
  const wall = new Date(wallClockAsUtc(instant, timeZone));
  return (
    `${String(wall.getUTCFullYear()).padStart(4, '0')}-${pad(wall.getUTCMonth() + 1)}-` +
    `${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`
  );
}

/** The instant of a 'YYYY-MM-DDTHH:mm' wall-clock time in an IANA zone; null when unreadable. */
export function fromLocalDateTimeInput(value: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  // Date.UTC rolls 02-30 over to March and 24:00 to the next day: a real time survives unchanged.
  if (
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute
  ) {
    return null;
  }
  // The zone's offset at that moment; a second pass settles times next to a DST change.
  let instant = asUtc - (wallClockAsUtc(new Date(asUtc), timeZone) - asUtc);
  instant = asUtc - (wallClockAsUtc(new Date(instant), timeZone) - instant);
  return new Date(instant);
}

/** What the Scheduled picker's value means. */
export type ScheduleInputResult =
  { ok: true; schedule: string } | { ok: false; reason: 'empty' | 'invalid' | 'past' };

/**
 * Reads the Scheduled picker: an ISO schedule, or why it is refused. SPEC 5: "Scheduled date cannot
 * be in the past" (a time in the current minute counts as now, not past).
 */
export function readScheduleInput(value: string, timeZone: string, now: Date): ScheduleInputResult {
  if (value.trim() === '') return { ok: false, reason: 'empty' };
  const instant = fromLocalDateTimeInput(value, timeZone);
  if (!instant) return { ok: false, reason: 'invalid' };
  const startOfMinute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  if (isScheduleInPast(instant, startOfMinute)) return { ok: false, reason: 'past' };
  return { ok: true, schedule: instant.toISOString() };
}
