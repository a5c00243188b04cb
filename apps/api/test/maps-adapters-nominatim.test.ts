import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nominatimGeoProvider } from '../src/services/maps/nominatim-geo-provider.ts';
import type { FixtureAnswer, JsonFixtureServer } from './fixture-servers/json-fixture-server.ts';
import { startNominatimFixture } from './fixture-servers/nominatim.ts';
import { expectUnavailable } from './support/maps-provider-errors.ts';

// Decision 420: the Nominatim adapter against a local server speaking Nominatim's jsonv2 API,
// including its usage policy (identifying User-Agent, requests spaced out).

const TIMEOUT_MS = 400;
const USER_AGENT = 'Auxilio-API/1.0 (ops@example.org)';
let nominatim: JsonFixtureServer;

beforeAll(async () => {
  nominatim = await startNominatimFixture();
});
afterAll(async () => {
  await nominatim.close();
});
beforeEach(() => {
  nominatim.requests.length = 0;
});

const provider = (minIntervalMs = 0) =>
  nominatimGeoProvider({
    baseUrl: nominatim.url,
    userAgent: USER_AGENT,
    minIntervalMs,
    timeoutMs: TIMEOUT_MS,
    language: 'es',
  });

describe('Nominatim search', () => {
  it('sends jsonv2, the countries as countrycodes and its User-Agent; reads lat/lon strings', async () => {
    const places = await provider().searchPlaces('san jose', { countries: ['PR', 'CR'], limit: 4 });

    expect(places).toEqual([
      {
        placeId: 'osm:N3000303',
        name: 'San José',
        address: 'San José, Provincia San José, Costa Rica',
        country: 'CR',
        lat: 9.9281,
        lng: -84.0907,
      },
    ]);
    const [request] = nominatim.requests;
    expect(request?.path).toBe('/search');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      q: 'san jose',
      limit: '4',
      addressdetails: '1',
      countrycodes: 'pr,cr',
      format: 'jsonv2',
      'accept-language': 'es',
    });
    expect(request?.headers['user-agent']).toBe(USER_AGENT);
  });

  it('an empty array is an empty list', async () => {
    expect(await provider().searchPlaces('zzzz', { countries: ['PR'], limit: 4 })).toEqual([]);
  });

  it('keeps its requests apart (1 request/s on the public server; 300 ms here)', async () => {
    const spaced = provider(300);
    await spaced.searchPlaces('san juan', { countries: ['PR'], limit: 1 });
    await spaced.reverseGeocode({ lat: 18.4655, lng: -66.1057 });
    const [first, second] = nominatim.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(290);
  });

  it('answers 503 at once, without calling, when its turn would come after the timeout', async () => {
    const slow = provider(5_000);
    await slow.searchPlaces('san juan', { countries: ['PR'], limit: 1 });
    const started = Date.now();
    const error = await expectUnavailable(
      slow.searchPlaces('ponce', { countries: ['PR'], limit: 1 }),
    );
    expect(error.message).toContain('rate limit');
    // Far below the 5 s it would wait for its turn.
    expect(Date.now() - started).toBeLessThan(1000);
    expect(nominatim.requests).toHaveLength(1);
  });
});

describe('Nominatim reverse', () => {
  it('sends lat and lon and answers display_name with the OSM id', async () => {
    expect(await provider().reverseGeocode({ lat: 18.4507, lng: -66.0595 })).toEqual({
      address: '1500 Calle Loíza, Santurce, San Juan, Puerto Rico',
      placeId: 'osm:W2000202',
    });
    const [request] = nominatim.requests;
    expect(request?.path).toBe('/reverse');
    expect(request?.query.get('lat')).toBe('18.4507');
    expect(request?.query.get('lon')).toBe('-66.0595');
    expect(request?.query.get('format')).toBe('jsonv2');
  });

  it('{"error": "Unable to geocode"} is null', async () => {
    expect(await provider().reverseGeocode({ lat: 30, lng: -40 })).toBeNull();
  });
});

describe('Nominatim failures are our 503', () => {
  const faults: [string, FixtureAnswer][] = [
    ['429', { status: 429, raw: 'Too Many Requests' }],
    ['403 (blocked by the usage policy)', { status: 403, raw: '<html>Access blocked</html>' }],
    ['500', { status: 500, raw: 'Internal Server Error' }],
    ['a truncated body', { raw: '[{"place_id": 1, "lat": "18.' }],
    [
      'a latitude that is not a number',
      {
        json: [
          {
            osm_type: 'node',
            osm_id: 1,
            lat: 'north',
            lon: '-66',
            display_name: 'X',
            address: { country_code: 'pr' },
          },
        ],
      },
    ],
    ['silence past the timeout', { hang: true }],
  ];
  it.each(faults)('search: %s', async (_fault, answer) => {
    nominatim.answerNext(answer);
    await expectUnavailable(provider().searchPlaces('ponce', { countries: ['PR'], limit: 5 }));
  });
  it.each(faults)('reverse: %s', async (_fault, answer) => {
    nominatim.answerNext(answer);
    await expectUnavailable(provider().reverseGeocode({ lat: 18.45, lng: -66.05 }));
  });
});
