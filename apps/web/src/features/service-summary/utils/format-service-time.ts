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
