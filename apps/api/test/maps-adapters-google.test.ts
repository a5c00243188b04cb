import { haversineMeters } from '@auxilio/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodePolyline } from '../src/services/maps/encoded-polyline.ts';
import {
  googleGeoProvider,
  PLACE_DETAILS_FIELD_MASK,
} from '../src/services/maps/google-geo-provider.ts';
import { googleRoadRouter, ROUTES_FIELD_MASK } from '../src/services/maps/google-road-router.ts';
import { withEstimateFallback } from '../src/services/maps/road-router.ts';
import {
  googleError,
  startGoogleMapsFixture,
  type GoogleMapsFixture,
} from './fixture-servers/google-maps.ts';
import type { FixtureAnswer } from './fixture-servers/json-fixture-server.ts';
import { expectUnavailable as expectUnavailableWithout } from './support/maps-provider-errors.ts';

// Decision 420: the Google adapters (Places API (New) autocomplete + details, Geocoding API reverse
// geocoding, Routes API computeRoutes) against a local server speaking Google's formats.

const API_KEY = 'AIza-test-key-0f1e2d3c4b5a';
const TIMEOUT_MS = 400;
const SAN_JUAN = { lat: 18.4655, lng: -66.1057 };
const PONCE = { lat: 18.0111, lng: -66.6141 };
const SAN_JOSE_CR = { lat: 9.9281, lng: -84.0907 };

let google: GoogleMapsFixture;

beforeAll(async () => {
  google = await startGoogleMapsFixture(API_KEY);
});
afterAll(async () => {
  await google.close();
});
beforeEach(() => {
  google.requests.length = 0;
});

const geo = (apiKey = API_KEY) =>
  googleGeoProvider({
    apiKey,
    placesUrl: google.url,
    geocodingUrl: google.url,
    timeoutMs: TIMEOUT_MS,
    language: 'es',
  });
const router = () =>
  withEstimateFallback(
    googleRoadRouter({
      apiKey: API_KEY,
      routesUrl: google.url,
      timeoutMs: TIMEOUT_MS,
      language: 'es',
    }),
  );

/** Our 503, whose message never carries the key. */
const expectUnavailable = (call: Promise<unknown>) => expectUnavailableWithout(call, [API_KEY]);

describe('Google Places (New): autocomplete, then details for each suggestion', () => {
  it('sends the key and the country filter, asks details with a field mask, answers positions', async () => {
    const places = await geo().searchPlaces('san jose', { countries: ['CR', 'PR'], limit: 8 });

    expect(places).toEqual([
      {
        placeId: 'ChIJ-SanJose-CR',
        name: 'San José',
        address: 'San José, Costa Rica',
        country: 'CR',
        ...SAN_JOSE_CR,
      },
    ]);
    const [autocomplete, details, ...rest] = google.requests;
    expect(rest).toEqual([]);
    expect(autocomplete).toMatchObject({
      method: 'POST',
      path: '/v1/places:autocomplete',
      // SPEC 5: restricted to the account's countries; San José del Cabo (MX) is left out.
      body: { input: 'san jose', includedRegionCodes: ['cr', 'pr'], languageCode: 'es' },
    });
    expect(autocomplete?.headers['x-goog-api-key']).toBe(API_KEY);
    expect(autocomplete?.headers['content-type']).toBe('application/json');
    expect(details).toMatchObject({ method: 'GET', path: '/v1/places/ChIJ-SanJose-CR' });
    expect(details?.headers['x-goog-fieldmask']).toBe(PLACE_DETAILS_FIELD_MASK);
    expect(details?.headers['x-goog-api-key']).toBe(API_KEY);
    expect(details?.query.get('languageCode')).toBe('es');
    // The Places API takes the key in a header, never in the URL.
    expect(google.requests.every((r) => !r.query.has('key'))).toBe(true);
  });

  it('asks details only for the suggestions it returns (limit)', async () => {
    const places = await geo().searchPlaces('san', { countries: ['PR', 'CR', 'CO'], limit: 1 });
    expect(places.map((p) => p.placeId)).toEqual(['ChIJ-SanJuan-PR']);
    expect(google.requests.map((r) => r.path)).toEqual([
      '/v1/places:autocomplete',
      '/v1/places/ChIJ-SanJuan-PR',
    ]);
  });

  it('zero suggestions ({} from Google) is an empty list, without details calls', async () => {
    expect(await geo().searchPlaces('zzzz', { countries: ['PR'], limit: 8 })).toEqual([]);
    expect(google.requests).toHaveLength(1);
  });

  it('drops a suggestion whose place is gone (details 404) and one outside the countries', async () => {
    google.answerNext({
      json: {
        suggestions: [
          { placePrediction: { placeId: 'ChIJ-gone', text: { text: 'Gone' } } },
          { queryPrediction: { text: { text: 'ponce restaurants' } } },
          { placePrediction: { placeId: 'ChIJ-Ponce-PR', text: { text: 'Ponce, Puerto Rico' } } },
          { placePrediction: { placeId: 'ChIJ-Bogota-CO', text: { text: 'Bogotá' } } },
        ],
      },
    });
    const places = await geo().searchPlaces('ponce', { countries: ['PR'], limit: 8 });
    expect(places.map((p) => [p.placeId, p.name, p.country])).toEqual([
      ['ChIJ-Ponce-PR', 'Ponce', 'PR'],
    ]);
  });
});

describe('Google Geocoding API: reverse geocoding', () => {
  it('sends lat,lng (latitude first) with the key and answers the FIRST result (SPEC 7)', async () => {
    const result = await geo().reverseGeocode(SAN_JUAN);
    expect(result).toEqual({
      address: 'Calle del Cristo 255, San Juan, 00901, Puerto Rico',
      placeId: 'ChIJ-CalleDelCristo-255',
    });
    const [request] = google.requests;
    expect(request?.path).toBe('/maps/api/geocode/json');
    expect(request?.query.get('latlng')).toBe('18.4655,-66.1057');
    expect(request?.query.get('key')).toBe(API_KEY);
    expect(request?.query.get('language')).toBe('es');
  });

  it('ZERO_RESULTS (mid-Atlantic) is null', async () => {
    expect(await geo().reverseGeocode({ lat: 30, lng: -40 })).toBeNull();
  });

  it.each([
    ['OVER_QUERY_LIMIT', { json: { results: [], status: 'OVER_QUERY_LIMIT' } }],
    ['UNKNOWN_ERROR', { json: { results: [], status: 'UNKNOWN_ERROR' } }],
  ])('%s (HTTP 200) is a 503', async (status, answer: FixtureAnswer) => {
    google.answerNext(answer);
    const error = await expectUnavailable(geo().reverseGeocode(SAN_JUAN));
    expect(error.message).toContain(status);
  });

  it('a wrong key (REQUEST_DENIED) is a 503 whose message does not carry the key', async () => {
    await expectUnavailable(geo('AIza-wrong-key').reverseGeocode(SAN_JUAN));
  });
});

describe('Google Routes API: computeRoutes', () => {
  it('sends key and field mask headers and lat/lng waypoints; reads meters, "123s" and the polyline', async () => {
    const directions = await router().directions(SAN_JUAN, PONCE);

    const [request] = google.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/directions/v2:computeRoutes',
      body: {
        origin: { location: { latLng: { latitude: 18.4655, longitude: -66.1057 } } },
        destination: { location: { latLng: { latitude: 18.0111, longitude: -66.6141 } } },
        travelMode: 'DRIVE',
        units: 'METRIC',
        languageCode: 'es',
      },
    });
    expect(request?.headers['x-goog-api-key']).toBe(API_KEY);
    expect(request?.headers['x-goog-fieldmask']).toBe(ROUTES_FIELD_MASK);
    expect(ROUTES_FIELD_MASK.split(',')).toEqual([
      'routes.duration',
      'routes.distanceMeters',
      'routes.polyline.encodedPolyline',
    ]);

    const distance = Math.round(haversineMeters(SAN_JUAN, PONCE) * 1.25);
    expect(directions.approximate).toBe(false);
    expect(directions.distanceMeters).toBe(distance);
    expect(directions.durationSeconds).toBe(Math.round(distance / 13));
    expect(directions.path).toHaveLength(3);
    expect(directions.path[0]?.lat).toBeCloseTo(SAN_JUAN.lat, 5);
    expect(directions.path[0]?.lng).toBeCloseTo(SAN_JUAN.lng, 5);
    expect(directions.path[2]?.lat).toBeCloseTo(PONCE.lat, 5);
    expect(directions.path[2]?.lng).toBeCloseTo(PONCE.lng, 5);
  });

  it('fractional durations round; a missing distanceMeters (proto3 zero) is 0', async () => {
    google.answerNext({
      json: {
        routes: [{ duration: '95.6s', polyline: { encodedPolyline: '_p~iF~ps|U_ulLnnqC' } }],
      },
    });
    const directions = await router().directions(SAN_JUAN, PONCE);
    expect(directions).toMatchObject({
      durationSeconds: 96,
      distanceMeters: 0,
      approximate: false,
    });
    expect(directions.path).toEqual([
      { lat: 38.5, lng: -120.2 },
      { lat: 40.7, lng: -120.95 },
    ]);
  });

  it('no route ({}: Puerto Rico to Costa Rica) falls back to the approximate estimate line', async () => {
    const directions = await router().directions(SAN_JUAN, SAN_JOSE_CR);
    expect(google.requests).toHaveLength(1);
    expect(directions.approximate).toBe(true);
    expect(directions.path).toEqual([SAN_JUAN, SAN_JOSE_CR]);
  });

  it('an unreadable polyline is a 503', async () => {
    google.answerNext({
      json: { routes: [{ duration: '5s', distanceMeters: 9, polyline: { encodedPolyline: '~' } }] },
    });
    await expectUnavailable(router().directions(SAN_JUAN, PONCE));
  });
});

describe('provider failures become our 503 (never a 500), without the key', () => {
  const faults: [string, FixtureAnswer][] = [
    ['429 RESOURCE_EXHAUSTED', googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded')],
    ['500 INTERNAL', googleError(500, 'INTERNAL', 'Internal error encountered.')],
    ['503 UNAVAILABLE', googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.')],
    ['400 INVALID_ARGUMENT', googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload')],
    ['a truncated body', { raw: '{"suggestions": [{"placePrediction": ' }],
    ['a body of another shape', { json: { suggestions: 'none', routes: 7, status: 3 } }],
    ['silence past the timeout', { hang: true }],
  ];
  const calls: [string, () => Promise<unknown>][] = [
    ['autocomplete', () => geo().searchPlaces('ponce', { countries: ['PR'], limit: 5 })],
    ['geocoding', () => geo().reverseGeocode(SAN_JUAN)],
    ['computeRoutes', () => router().directions(SAN_JUAN, PONCE)],
  ];
  const cases = calls.flatMap(([call, run]) =>
    faults.map(([fault, answer]) => [call, fault, run, answer] as const),
  );

  it.each(cases)('%s, %s', async (_call, fault, run, answer) => {
    google.answerNext(answer);
    const started = Date.now();
    const error = await expectUnavailable(run());
    if (fault.startsWith('silence')) {
      expect(error.message).toContain('timed out');
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
    }
  });

  it('a wrong key on Places (403 PERMISSION_DENIED) is a 503 too', async () => {
    await expectUnavailable(
      geo('AIza-wrong-key').searchPlaces('ponce', { countries: ['PR'], limit: 5 }),
    );
  });

  it('a failing details call fails the search (503), not a partial list', async () => {
    // The first request is the autocomplete (answered by the simulation after this one).
    google.answerNext({
      json: { suggestions: [{ placePrediction: { placeId: 'ChIJ-Ponce-PR' } }] },
    });
    google.answerNext(googleError(500, 'INTERNAL', 'Internal error encountered.'));
    await expectUnavailable(geo().searchPlaces('ponce', { countries: ['PR'], limit: 5 }));
  });
});

describe('encoded polylines', () => {
  it("decodes Google's documented example", () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      { lat: 38.5, lng: -120.2 },
      { lat: 40.7, lng: -120.95 },
      { lat: 43.252, lng: -126.453 },
    ]);
  });

  it('rejects text that is not a polyline', () => {
    expect(decodePolyline('~')).toBeNull();
    expect(decodePolyline('_p~iF')).toBeNull();
    expect(decodePolyline(' ')).toBeNull();
  });
});
