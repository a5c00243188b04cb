import { describe, expect, it } from 'vitest';
import {
  distanceToPathMeters,
  formatLatLng,
  haversineMeters,
  isZeroCoordinate,
  type LatLng,
} from './geo.ts';
import { isOffRoute } from './validation.ts';

const SAN_JUAN: LatLng = { lat: 18.42139, lng: -66.073795 };

describe('haversineMeters', () => {
  const RULE = 'SPEC 9: "Route deviation 200 m" and "Accuracy threshold 20 m" need metre distances';
  it.each<[string, LatLng, LatLng, number, number]>([
    // [spec, a, b, expected metres, tolerance metres]
    [RULE, SAN_JUAN, SAN_JUAN, 0, 0.001],
    [
      RULE + ' (one degree of latitude is about 111.2 km)',
      { lat: 0, lng: 0 },
      { lat: 1, lng: 0 },
      111_195,
      5,
    ],
    [
      RULE + ' (San Juan to Ponce is about 72 km)',
      SAN_JUAN,
      { lat: 18.0111, lng: -66.6141 },
      72_300,
      1_500,
    ],
    [
      RULE + ' (Panama City to San José is about 520 km)',
      { lat: 8.9833, lng: -79.5167 },
      { lat: 9.9333, lng: -84.0833 },
      513_000,
      10_000,
    ],
  ])('%s', (_spec, a, b, expected, tolerance) => {
    expect(Math.abs(haversineMeters(a, b) - expected)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(haversineMeters(b, a) - expected)).toBeLessThanOrEqual(tolerance);
  });
});

describe('distanceToPathMeters with isOffRoute', () => {
  const RULE =
    'SPEC 5: "Driver route recomputed when the driver is more than 200 m from the path."';
  // A path going due north from San Juan for about 1.1 km.
  const path: LatLng[] = [SAN_JUAN, { lat: SAN_JUAN.lat + 0.01, lng: SAN_JUAN.lng }];
  const eastBy = (meters: number): LatLng => ({
    lat: SAN_JUAN.lat + 0.005,
    lng: SAN_JUAN.lng + meters / (111_195 * Math.cos((SAN_JUAN.lat * Math.PI) / 180)),
  });
  it.each<[string, LatLng, number, boolean]>([
    [RULE + ' (on the path)', { lat: SAN_JUAN.lat + 0.005, lng: SAN_JUAN.lng }, 0, false],
    [RULE, eastBy(150), 150, false],
    [RULE, eastBy(250), 250, true],
    [
      RULE + ' (beyond the end counts from the end point)',
      { lat: SAN_JUAN.lat + 0.0125, lng: SAN_JUAN.lng },
      278,
      true,
    ],
  ])('%s: %j', (_spec, driver, expected, offRoute) => {
    const meters = distanceToPathMeters(driver, path);
    expect(Math.abs(meters - expected)).toBeLessThan(2);
    expect(isOffRoute(meters)).toBe(offRoute);
  });

  it(`${RULE} (no path: always off route)`, () => {
    expect(isOffRoute(distanceToPathMeters(SAN_JUAN, []))).toBe(true);
  });
});

describe('small helpers', () => {
  it.each<[string, LatLng, boolean]>([
    [
      'SPEC 5: suggestions skipped "when situation lat and lng are both 0"',
      { lat: 0, lng: 0 },
      true,
    ],
    [
      'SPEC 5: suggestions skipped "when situation lat and lng are both 0"',
      { lat: 0, lng: 1 },
      false,
    ],
  ])('%s: %j -> %s', (_spec, point, expected) => {
    expect(isZeroCoordinate(point)).toBe(expected);
  });

  it("SPEC 7: POST /maps/directions/getAddress sends {coords as 'lat,lng'}", () => {
    expect(formatLatLng(SAN_JUAN)).toBe('18.42139,-66.073795');
  });
});
