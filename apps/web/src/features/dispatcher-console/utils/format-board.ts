// Numbers of the board in the units a dispatcher reads: whole minutes, kilometres with one decimal.

/** The unit an elapsed time is read in, and its numbers. */
export interface ElapsedParts {
  unit: 'seconds' | 'minutes' | 'hours' | 'days';
  value: number;
  /** Minutes past the whole hours (the `hours` unit only; 0 otherwise). */
  minutes: number;
}

/**
 * Elapsed time from an ISO time to `now`: seconds under a minute, minutes under an hour, hours and
 * minutes under a day, else whole days (a position of last year reads "330 days", not hours).
 */
export function elapsedParts(since: string, now: Date): ElapsedParts {
  const ms = Math.max(0, now.getTime() - Date.parse(since));
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return { unit: 'seconds', value: seconds, minutes: 0 };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: 'minutes', value: minutes, minutes: 0 };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', value: hours, minutes: minutes % 60 };
  return { unit: 'days', value: Math.floor(hours / 24), minutes: 0 };
}

/** An ETA in seconds as whole minutes, rounded up (a driver 30 s away is "1 min"). */
export function etaMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** A distance in metres as kilometres with one decimal. */
export function kilometres(metres: number): number {
  return Math.round(metres / 100) / 10;
}
