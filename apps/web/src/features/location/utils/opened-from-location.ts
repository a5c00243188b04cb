// The point-on-map pickers return to /location by stepping back when /location opened them, so the
// phone's Back button does not meet /location twice (decision 643).

/** The history state /location gives the pickers it opens. */
export const OPENED_FROM_LOCATION = { openedFromLocation: true } as const;

/** True when the current history entry was opened by /location. */
export function openedFromLocation(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'openedFromLocation' in state;
}
