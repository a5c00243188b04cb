import { describe, expect, it } from 'vitest';
import {
  locationPermissionOutcome,
  startsPositionWatch,
  type LocationPermissionEvent,
} from './location-permission.ts';

describe('location permission on tracking (SPEC 4 "Location permission (tracking)")', () => {
  it.each<[string, LocationPermissionEvent, 'GRANTED' | 'DENIED']>([
    ['SPEC 4: "Confirm with No denies"', { answer: 'no' }, 'DENIED'],
    [
      'SPEC 4: "success updates the service location and sets granted"',
      { answer: 'yes', watch: 'success', updated: true },
      'GRANTED',
    ],
    ['SPEC 4: "failure or error sets denied"', { answer: 'yes', watch: 'error' }, 'DENIED'],
    [
      'SPEC 8: "Location update returns no data: Permission set to denied"',
      { answer: 'yes', watch: 'success', updated: false },
      'DENIED',
    ],
  ])('%s and "always goes to /tracking/loading"', (_spec, event, permission) => {
    expect(locationPermissionOutcome(event)).toEqual({ permission, to: '/tracking/loading' });
  });

  it.each<[string, 'yes' | 'no', boolean]>([
    ['SPEC 4: "with Yes a position watch starts"', 'yes', true],
    ['SPEC 4: "Confirm with No denies" (no watch)', 'no', false],
  ])('%s', (_spec, answer, expected) => {
    expect(startsPositionWatch(answer)).toBe(expected);
  });
});
