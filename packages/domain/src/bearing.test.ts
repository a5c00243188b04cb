import { describe, expect, it } from 'vitest';
import { bearingDegrees } from './geo.ts';

describe('bearingDegrees', () => {
  const here = { lat: 18.4, lng: -66.1 };
  it('is 0 to the north, 90 to the east, 180 south, 270 west', () => {
    expect(bearingDegrees(here, { lat: 18.5, lng: -66.1 })).toBeCloseTo(0, 5);
    expect(bearingDegrees(here, { lat: 18.4, lng: -66.0 })).toBeCloseTo(90, 1);
    expect(bearingDegrees(here, { lat: 18.3, lng: -66.1 })).toBeCloseTo(180, 5);
    expect(bearingDegrees(here, { lat: 18.4, lng: -66.2 })).toBeCloseTo(270, 1);
  });
});
