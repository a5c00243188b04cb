/** Date and time of an instant in the branch's zone, in the screen's language (e.g. 'lunes, 23 de noviembre de 2026, 10:00 a. m.'). */
export function formatServiceTime(iso: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** A calendar day 'YYYY-MM-DD' as a long date in the screen's language (e.g. 'viernes, 27 de noviembre de 2026'). */
export function formatServiceDay(date: string, language: string): string {
  // Noon UTC of that day, read in UTC: the same calendar day whatever the phone's zone.
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
}
