import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { photonGeoProvider } from '../src/services/maps/photon-geo-provider.ts';
import type { FixtureAnswer, JsonFixtureServer } from './fixture-servers/json-fixture-server.ts';
import { startPhotonFixture } from './fixture-servers/photon.ts';
import { expectUnavailable } from './support/maps-provider-errors.ts';

// Decision 420: the Photon adapter against a local server speaking Photon's GeoJSON API.

const TIMEOUT_MS = 400;
let photon: JsonFixtureServer;

beforeAll(async () => {
  photon = await startPhotonFixture();
});
afterAll(async () => {
  await photon.close();
});
beforeEach(() => {
  photon.requests.length = 0;
});

const provider = () => photonGeoProvider({ baseUrl: photon.url, timeoutMs: TIMEOUT_MS });

describe('Photon search', () => {
  it('filters by each country (repeated countrycode) and reads [lon, lat] as lat/lng', async () => {
    const places = await provider().searchPlaces('san jose', { countries: ['PR', 'CR'], limit: 5 });

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
    const [request] = photon.requests;
    expect(request?.path).toBe('/api');
    expect(request?.query.get('q')).toBe('san jose');
    expect(request?.query.get('limit')).toBe('5');
    expect(request?.query.getAll('countrycode')).toEqual(['PR', 'CR']);
    // Photon rejects languages it has no index for; `default` means the local names.
    expect(request?.query.get('lang')).toBe('default');
  });

  it('builds a street address from the GeocodeJSON parts', async () => {
    const [place] = await provider().searchPlaces('loiza', { countries: ['PR'], limit: 5 });
    expect(place).toMatchObject({
      placeId: 'osm:W2000202',
      name: 'Calle Loíza',
      address: 'Calle Loíza 1500, Santurce, San Juan, Puerto Rico',
      country: 'PR',
    });
  });

  it('drops features outside the countries asked for (servers that ignore countrycode)', async () => {
    photon.answerNext({
      json: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-109.7025, 23.0636] },
            properties: {
              osm_type: 'N',
              osm_id: 4000404,
              name: 'San José del Cabo',
              countrycode: 'MX',
            },
          },
        ],
      },
    });
    expect(await provider().searchPlaces('san jose', { countries: ['CR'], limit: 5 })).toEqual([]);
  });

  it('no features is an empty list', async () => {
    expect(await provider().searchPlaces('zzzz', { countries: ['PR'], limit: 5 })).toEqual([]);
  });
});

describe('Photon reverse', () => {
  it('sends lat and lon separately and answers the first feature', async () => {
    const result = await provider().reverseGeocode({ lat: 18.4507, lng: -66.0595 });
    expect(result).toEqual({
      address: 'Calle Loíza 1500, Santurce, San Juan, Puerto Rico',
      placeId: 'osm:W2000202',
    });
    const [request] = photon.requests;
    expect(request?.path).toBe('/reverse');
    expect(request?.query.get('lat')).toBe('18.4507');
    expect(request?.query.get('lon')).toBe('-66.0595');
    expect(request?.query.get('limit')).toBe('1');
  });

  it('nothing near (mid-Atlantic) is null', async () => {
    expect(await provider().reverseGeocode({ lat: 30, lng: -40 })).toBeNull();
  });
});

describe('Photon failures are our 503', () => {
  const faults: [string, FixtureAnswer][] = [
    ['429', { status: 429, raw: 'Too Many Requests' }],
    ['500', { status: 500, json: { message: 'internal error' } }],
    ['a truncated body', { raw: '{"type":"FeatureCollection","features":[{' }],
    [
      'coordinates out of range',
      {
        json: {
          features: [
            {
              geometry: { type: 'Point', coordinates: [18.45, -166.05] },
              properties: { osm_type: 'N', osm_id: 1, countrycode: 'PR' },
            },
          ],
        },
      },
    ],
    ['silence past the timeout', { hang: true }],
  ];
  it.each(faults)('search: %s', async (_fault, answer) => {
    photon.answerNext(answer);
    await expectUnavailable(provider().searchPlaces('ponce', { countries: ['PR'], limit: 5 }));
  });
  it.each(faults)('reverse: %s', async (_fault, answer) => {
    photon.answerNext(answer);
    await expectUnavailable(provider().reverseGeocode({ lat: 18.45, lng: -66.05 }));
  });
});
