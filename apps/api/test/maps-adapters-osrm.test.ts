import { haversineMeters } from '@auxilio/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { osrmRoadRouter } from '../src/services/maps/osrm-road-router.ts';
import { withEstimateFallback } from '../src/services/maps/road-router.ts';
import type { FixtureAnswer, JsonFixtureServer } from './fixture-servers/json-fixture-server.ts';
import { startOsrmFixture } from './fixture-servers/osrm.ts';
import { expectUnavailable } from './support/maps-provider-errors.ts';

// Decision 420: the OSRM adapter against a local server speaking OSRM's v5 route service.

const TIMEOUT_MS = 400;
const SAN_JUAN = { lat: 18.4655, lng: -66.1057 };
const PONCE = { lat: 18.0111, lng: -66.6141 };
const SAN_JOSE_CR = { lat: 9.9281, lng: -84.0907 };
let osrm: JsonFixtureServer;

beforeAll(async () => {
  osrm = await startOsrmFixture();
});
afterAll(async () => {
  await osrm.close();
});
beforeEach(() => {
  osrm.requests.length = 0;
});

const router = () =>
  withEstimateFallback(osrmRoadRouter({ baseUrl: osrm.url, timeoutMs: TIMEOUT_MS }));

describe('OSRM route service', () => {
  it('writes coordinates longitude first, asks full GeoJSON, reads [lon, lat], meters and seconds', async () => {
    const directions = await router().directions(SAN_JUAN, PONCE);

    const [request] = osrm.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/route/v1/driving/-66.1057,18.4655;-66.6141,18.0111');
    expect(request?.query.get('overview')).toBe('full');
    expect(request?.query.get('geometries')).toBe('geojson');

    const meters = haversineMeters(SAN_JUAN, PONCE) * 1.3 + 0.4;
    expect(directions).toMatchObject({
      approximate: false,
      distanceMeters: Math.round(meters),
      durationSeconds: Math.round(meters / 11.1),
    });
    expect(directions.path).toHaveLength(3);
    expect(directions.path[0]).toEqual(SAN_JUAN);
    expect(directions.path[2]).toEqual(PONCE);
  });

  it.each([
    ['NoRoute (no road from Puerto Rico to Costa Rica)', SAN_JUAN, SAN_JOSE_CR],
    ['NoSegment (a point in the sea)', SAN_JUAN, { lat: 30, lng: -40 }],
  ])('%s falls back to the approximate estimate line', async (_case, from, to) => {
    const directions = await router().directions(from, to);
    expect(osrm.requests).toHaveLength(1);
    expect(directions.approximate).toBe(true);
    expect(directions.path).toEqual([from, to]);
  });
});

describe('OSRM failures are our 503', () => {
  const faults: [string, FixtureAnswer][] = [
    ['429', { status: 429, raw: 'Too Many Requests' }],
    ['500', { status: 500, raw: 'Internal Server Error' }],
    ['502 from a proxy', { status: 502, raw: '<html>Bad Gateway</html>' }],
    [
      '400 InvalidQuery',
      { status: 400, json: { code: 'InvalidQuery', message: 'Query string malformed' } },
    ],
    ['200 with code TooBig', { json: { code: 'TooBig', message: 'Too many coordinates' } }],
    ['a truncated body', { raw: '{"code":"Ok","routes":[{"geometry":' }],
    [
      'an encoded polyline instead of GeoJSON',
      {
        json: { code: 'Ok', routes: [{ geometry: '_p~iF~ps|U', distance: 1, duration: 1 }] },
      },
    ],
    [
      'a latitude out of range',
      {
        json: {
          code: 'Ok',
          routes: [
            {
              geometry: {
                type: 'LineString',
                coordinates: [
                  [-66.1, 18.4],
                  [18.0, -166.6],
                ],
              },
              distance: 1,
              duration: 1,
            },
          ],
        },
      },
    ],
    ['silence past the timeout', { hang: true }],
  ];
  it.each(faults)('%s', async (_fault, answer) => {
    osrm.answerNext(answer);
    await expectUnavailable(router().directions(SAN_JUAN, PONCE));
  });
});
