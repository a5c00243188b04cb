import type { LocationPermission } from '../enumerations.ts';

// SPEC 4 "Location permission (tracking)": "Confirm with No denies; with Yes a position watch starts,
// success updates the service location and sets granted; failure or error sets denied. It always
// goes to /tracking/loading." SPEC 8: "Location update returns no data: Permission set to denied".

/** What happened after Confirm on /tracking/permission. */
export type LocationPermissionEvent =
  /** The customer answered No to 'Are you with your vehicle?'. */
  | { answer: 'no' }
  /** Yes, and the watch produced a position that updated the service (`updated` false: no data). */
  | { answer: 'yes'; watch: 'success'; updated: boolean }
  /** Yes, but geolocation failed, was denied, timed out or is unavailable. */
  | { answer: 'yes'; watch: 'error' };

export interface LocationPermissionOutcome {
  permission: Extract<LocationPermission, 'GRANTED' | 'DENIED'>;
  to: '/tracking/loading';
}

/** True when Confirm starts the position watch (SPEC 4 "with Yes a position watch starts"). */
export function startsPositionWatch(answer: 'yes' | 'no'): boolean {
  return answer === 'yes';
}

/** The permission to store and the next route, for each way the permission step can end. */
export function locationPermissionOutcome(
  event: LocationPermissionEvent,
): LocationPermissionOutcome {
  const granted = event.answer === 'yes' && event.watch === 'success' && event.updated;
  return { permission: granted ? 'GRANTED' : 'DENIED', to: '/tracking/loading' };
}
