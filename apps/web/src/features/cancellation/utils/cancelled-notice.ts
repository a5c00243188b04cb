// After a cancellation the customer lands on the root route (SPEC 4 "the user goes to the
// root route") with the session reset, so nothing on that screen said the service was cancelled.
// The cancellation leaves this one-shot note in memory for the screen it lands on; a reload or a
// later visit to that screen shows nothing (the note is taken by the first screen that shows it).

export interface CancelledNote {
  /** SPEC 3 Service serviceNumber of the cancelled service; null when the session had none. */
  serviceNumber: string | null;
}

let pending: CancelledNote | null = null;

/** Called by the cancellation just before it navigates to the root route. */
export function leaveCancelledNote(note: CancelledNote): void {
  pending = note;
}

/** The note left by a cancellation, if any, without taking it (safe to call while rendering). */
export function peekCancelledNote(): CancelledNote | null {
  return pending;
}

/** Forgets the note once a screen shows it. */
export function takeCancelledNote(): void {
  pending = null;
}
