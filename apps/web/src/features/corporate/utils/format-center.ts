import { WEEKDAYS, type OpeningHours, type Weekday } from '@auxilio/domain';

// A centre's hours and distance as a customer reads them ("lun–vie 7:30–17:30"), in the screen's
// language. Its phone number goes through lib/phone-display.ts, as every number on screen does.

/** 2024-01-01 was a Monday: the reference week for weekday names. */
const MONDAY_UTC = Date.UTC(2024, 0, 1);

function dayName(day: Weekday, language: string): string {
  const date = new Date(MONDAY_UTC + WEEKDAYS.indexOf(day) * 86_400_000);
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(date);
}

function clock(time: string, language: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(language, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2024, 0, 1, hours, minutes)));
}

/** "lun–vie" for three or more days in a row, else "sáb, dom". */
export function formatDays(days: readonly Weekday[], language: string): string {
  const sorted = [...days].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const consecutive =
    first !== undefined &&
    last !== undefined &&
    WEEKDAYS.indexOf(last) - WEEKDAYS.indexOf(first) === sorted.length - 1;
  if (consecutive && sorted.length >= 3)
    return `${dayName(first, language)}–${dayName(last, language)}`;
  return sorted.map((day) => dayName(day, language)).join(', ');
}

/** One line per opening period. */
export function formatOpeningHours(hours: OpeningHours, language: string): string {
  return `${formatDays(hours.days, language)} ${clock(hours.opens, language)}–${clock(hours.closes, language)}`;
}

/** Distance for a card: "800 m", "4.2 km", "38 km" (number format of the language). */
export function formatDistance(meters: number, language: string): string {
  if (meters < 1000) {
    return `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(Math.round(meters / 50) * 50)} m`;
  }
  const km = meters / 1000;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km)} km`;
}
