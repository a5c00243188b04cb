import { z } from 'zod/mini';
import {
  DAY_MS,
  HOME_DATE_MIN_DAYS_AHEAD,
  SERVICE_EXPIRY_DAYS,
  SIMULATED_PROGRESS_MAX,
  SIMULATED_PROGRESS_MIN,
} from './constants.ts';
import { wallClockIn } from './wall-clock.ts';

// Dates of SPEC 5 and 9. A calendar day is a PlainDate string 'YYYY-MM-DD' (no time zone); an
// instant is a Date. Converting between them always names an IANA time zone, so results never
// depend on the machine's zone.

/** A calendar day as 'YYYY-MM-DD' (ISO 8601 date, no time, no zone). */
export type PlainDate = string;

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Year, month (1..12) and day (1..31) of a valid PlainDate, else undefined. */
function splitPlainDate(date: PlainDate): [number, number, number] | undefined {
  const match = PLAIN_DATE.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 02-30 over to March: a real day survives the round trip unchanged.
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1) return undefined;
  if (probe.getUTCDate() !== day) return undefined;
  return [year, month, day];
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

function toPlainDate(year: number, month: number, day: number): PlainDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** True when the text is a real calendar day 'YYYY-MM-DD' (rejects 2025-02-30). */
export function isValidPlainDate(date: string): boolean {
  return splitPlainDate(date) !== undefined;
}

/** A real calendar day 'YYYY-MM-DD'. */
export const PlainDateSchema = z
  .string()
  .check(
    z.regex(PLAIN_DATE, 'Expected a calendar date YYYY-MM-DD'),
    z.refine(isValidPlainDate, 'Expected a real calendar date'),
  );

/** Wall-clock parts of an instant in an IANA zone, as a UTC timestamp of those parts (ms). */
export function wallClockAsUtc(instant: Date, timeZone: string): number {
  const clock = wallClockIn(instant, timeZone);
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}

/** The calendar day of an instant in an IANA time zone ('YYYY-MM-DD'). */
export function plainDateInTimeZone(instant: Date, timeZone: string): PlainDate {
  const wall = new Date(wallClockAsUtc(instant, timeZone));
  return toPlainDate(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate());
}

/** The PlainDate a number of days after (or before, when negative) another. */
export function addDaysToPlainDate(date: PlainDate, days: number): PlainDate {
  const split = splitPlainDate(date);
  if (!split) throw new RangeError(`Not a calendar date: '${date}'`);
  const moved = new Date(Date.UTC(split[0], split[1] - 1, split[2] + days));
  return toPlainDate(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** Whole days from one PlainDate to another (negative when `to` is earlier). */
export function daysBetweenPlainDates(from: PlainDate, to: PlainDate): number {
  const a = splitPlainDate(from);
  const b = splitPlainDate(to);
  if (!a || !b) throw new RangeError(`Not calendar dates: '${from}', '${to}'`);
  return Math.round((Date.UTC(b[0], b[1] - 1, b[2]) - Date.UTC(a[0], a[1] - 1, a[2])) / DAY_MS);
}

/** 'MM/DD/YYYY' text of a PlainDate. SPEC 5: "Date format MM/DD/YYYY". */
export function formatMMDDYYYY(date: PlainDate): string {
  const split = splitPlainDate(date);
  if (!split) throw new RangeError(`Not a calendar date: '${date}'`);
  return `${pad(split[1], 2)}/${pad(split[2], 2)}/${pad(split[0], 4)}`;
}

/** PlainDate of strict 'MM/DD/YYYY' text (two-digit month and day, real day), else null. */
export function parseMMDDYYYY(text: string): PlainDate | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const date = `${match[3] ?? ''}-${match[1] ?? ''}-${match[2] ?? ''}`;
  return isValidPlainDate(date) ? date : null;
}

/** Default home availability date: today plus 2 days (calendar days). */
export function defaultHomeDate(today: PlainDate): PlainDate {
  // SPEC 3 Home notes: "date (default two days ahead)".
  return addDaysToPlainDate(today, HOME_DATE_MIN_DAYS_AHEAD);
}

/** True when a home availability date is at least 2 calendar days after today. */
export function isHomeDateAllowed(date: PlainDate, today: PlainDate): boolean {
  if (!isValidPlainDate(date) || !isValidPlainDate(today)) return false;
  // SPEC 5: "Home availability date at least 2 days from today."
  return daysBetweenPlainDates(today, date) >= HOME_DATE_MIN_DAYS_AHEAD;
}

/** Instant of an ISO date-time string or a Date; undefined when empty or unreadable. */
function toInstant(value: Date | string | null | undefined): Date | undefined {
  if (value == null || value === '') return undefined;
  const instant = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** True when a service's date is more than 30 days (of 24 h) before now; false when unreadable. */
export function isServiceExpired(
  serviceDate: Date | string | null | undefined,
  now: Date,
): boolean {
  const instant = toInstant(serviceDate);
  // SPEC 5: "A service older than 30 days is expired for any track."
  return instant !== undefined && now.getTime() - instant.getTime() > SERVICE_EXPIRY_DAYS * DAY_MS;
}

/** True when a schedule (ISO date-time or empty) is before now; empty means "as soon as possible". */
export function isScheduleInPast(schedule: Date | string | null | undefined, now: Date): boolean {
  const instant = toInstant(schedule);
  // SPEC 5: "Scheduled date cannot be in the past."
  return instant !== undefined && instant.getTime() < now.getTime();
}

/** The instant a driver arrives: now plus an eta in seconds. */
export function estimatedArrival(now: Date, etaSeconds: number): Date {
  return new Date(now.getTime() + etaSeconds * 1000);
}

/** 'h:mma' clock text of an instant in an IANA zone, as in 'Estimated time: 3:05PM'. */
export function formatArrivalClock(instant: Date, timeZone: string): string {
  const { hour, minute } = wallClockIn(instant, timeZone);
  // A 12-hour clock whose midnight and noon read 12, as in 12:05AM.
  return `${hour % 12 || 12}:${pad(minute, 2)}${hour < 12 ? 'AM' : 'PM'}`;
}

/** Fraction (0.05..0.95) of the simulated ETA elapsed; both arguments in seconds. */
export function clampSimulatedProgress(
  elapsedSeconds: number,
  simulatedEtaSeconds: number,
): number {
  // A non-positive ETA means the simulated arrival is due: the bar waits at its upper bound.
  const raw = simulatedEtaSeconds > 0 ? elapsedSeconds / simulatedEtaSeconds : Infinity;
  if (Number.isNaN(raw)) return SIMULATED_PROGRESS_MIN;
  // SPEC 9: "simulated progress clamped between 5% and 95% of the simulated ETA".
  return Math.min(SIMULATED_PROGRESS_MAX, Math.max(SIMULATED_PROGRESS_MIN, raw));
}
