import type { HomeVisit } from './contract/home-notes.ts';
import { isHomeDateAllowed, plainDateInTimeZone } from './dates.ts';
import type { HomeAvailability } from './enumerations.ts';
import { fromLocalDateTimeInput } from './schedule-input.ts';

// When a home visit happens (decision 644). SPEC 3 names the windows (morning, afternoon, all day)
// but not their hours: a window opens at the branch's local time below, and the visit is due then.

/** Local opening time of each availability window, in the branch's time zone. */
export const HOME_WINDOW_OPENS: Readonly<Record<HomeAvailability, string>> = {
  morning: '08:00',
  afternoon: '13:00',
  all_day: '08:00',
};

/** The instant a home visit's window opens, in the branch's IANA time zone. */
export function homeVisitStart(visit: HomeVisit, timeZone: string): Date {
  const start = fromLocalDateTimeInput(
    `${visit.date}T${HOME_WINDOW_OPENS[visit.availability]}`,
    timeZone,
  );
  if (!start) throw new RangeError(`Not a home visit: ${visit.date} ${visit.availability}`);
  return start;
}

/**
 * True when a home visit may be requested now: its date is at least 2 days after today in the
 * branch's time zone (SPEC 5 "Home availability date at least 2 days from today"), the same day the
 * summary's date picker counts from.
 */
export function isHomeVisitAllowed(visit: HomeVisit, now: Date, timeZone: string): boolean {
  return isHomeDateAllowed(visit.date, plainDateInTimeZone(now, timeZone));
}
