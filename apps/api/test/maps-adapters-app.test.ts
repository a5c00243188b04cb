import {
  ApiErrorSchema,
  DirectionsResponseSchema,
  GetAddressResponseSchema,
  PlacesResponseSchema,
} from '@auxilio/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig, type Config } from '../src/config/env.ts';
import { IN_MEMORY_DATA_DIR, openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import {
  googleError,
  startGoogleMapsFixture,
  type GoogleMapsFixture,
} from './fixture-servers/google-maps.ts';
import type { JsonFixtureServer } from './fixture-servers/json-fixture-server.ts';
import { startOsrmFixture } from './fixture-servers/osrm.ts';
import { testConfig } from './helpers.ts';

// Decision 420, end to end: the whole app built from an environment with GEO_PROVIDER=google and
// ROUTE_PROVIDER=osrm pointed at local fixture servers; the PWA's /common/maps calls go through
// `app.inject` unchanged. Logs are captured to show the key never reaches them.

const API_KEY = 'AIza-app-test-key-9a8b7c6d5e';

let google: GoogleMapsFixture;
let osrm: JsonFixtureServer;
let app: FastifyInstance;
let db: DatabaseHandle;
let config: Config;
const logLines: string[] = [];

beforeAll(async () => {
  [google, osrm] = await Promise.all([startGoogleMapsFixture(API_KEY), startOsrmFixture()]);
  const fromEnvironment = loadConfig({
    ...process.env,
    GEO_PROVIDER: 'google',
    ROUTE_PROVIDER: 'osrm',
    GOOGLE_MAPS_API_KEY: API_KEY,
    GOOGLE_PLACES_URL: google.url,
    GOOGLE_GEOCODING_URL: google.url,
    GOOGLE_ROUTES_URL: google.url,
    OSRM_URL: osrm.url,
    MAPS_TIMEOUT_MS: '400',
  });
  config = testConfig({ maps: fromEnvironment.maps, logLevel: 'info' });
  // The maps routes use no table; an in-memory database keeps this test off a shared PostgreSQL.
  db = await openDatabase({ dataDir: IN_MEMORY_DATA_DIR });
  await migrateDatabase(db);
  await seedDemoData(db);
  app = await buildApp({
    config,
    db,
    logger: {
      level: 'info',
      stream: {
        write: (line: string) => {
          logLines.push(line);
        },
      },
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
  await Promise.all([google.close(), osrm.close()]);
});
beforeEach(() => {
  google.requests.length = 0;
  osrm.requests.length = 0;
});

const headers = () => ({ 'x-api-key': config.appKey });
const get = (url: string) => app.inject({ method: 'GET', url, headers: headers() });
const getAddress = (coords: string) =>
  app.inject({
    method: 'POST',
    url: '/common/maps/directions/getAddress',
    headers: headers(),
    payload: { coords },
  });

describe('GEO_PROVIDER=google through /common/maps', () => {
  it('GET /places searches Google in the countries asked for', async () => {
    const res = await get('/common/maps/places?q=san%20jose&countries=CR,PR');
    expect(res.statusCode).toBe(200);
    expect(PlacesResponseSchema.parse(res.json()).data).toEqual([
      {
        placeId: 'ChIJ-SanJose-CR',
        name: 'San José',
        address: 'San José, Costa Rica',
        country: 'CR',
        lat: 9.9281,
        lng: -84.0907,
      },
    ]);
    expect(google.requests[0]?.body).toMatchObject({ includedRegionCodes: ['cr', 'pr'] });
  });

  it("without countries, SPEC 5's default PR, CR, CO, PA goes to Google", async () => {
    const res = await get('/common/maps/places?q=san');
    expect(res.statusCode).toBe(200);
    expect(google.requests[0]?.body).toMatchObject({
      includedRegionCodes: ['pr', 'cr', 'co', 'pa'],
    });
    const countries = PlacesResponseSchema.parse(res.json()).data.map((p) => p.country);
    expect(countries).not.toContain('MX');
  });

  it('POST /directions/getAddress answers the first Geocoding result, or null', async () => {
    const res = await getAddress('18.4655,-66.1057');
    expect(res.statusCode).toBe(200);
    expect(GetAddressResponseSchema.parse(res.json()).data).toEqual({
      address: 'Calle del Cristo 255, San Juan, 00901, Puerto Rico',
      placeId: 'ChIJ-CalleDelCristo-255',
    });
    expect(google.requests[0]?.query.get('latlng')).toBe('18.4655,-66.1057');

    const nowhere = await getAddress('30,-40');
    expect(GetAddressResponseSchema.parse(nowhere.json()).data).toBeNull();
  });

  it('a Google failure is a 503 with our error body, without the key', async () => {
    google.answerNext(googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded'));
    const search = await get('/common/maps/places?q=ponce');
    expect(search.statusCode).toBe(503);
    expect(ApiErrorSchema.parse(search.json())).toMatchObject({ code: 'UNAVAILABLE' });

    // Even a provider that repeats the key in its error text does not get it into our answer.
    google.answerNext({
      json: { status: 'REQUEST_DENIED', error_message: `Key ${API_KEY} is invalid`, results: [] },
    });
    const address = await getAddress('18.4655,-66.1057');
    expect(address.statusCode).toBe(503);
    expect(address.body).not.toContain(API_KEY);
    expect(address.json()).toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe('ROUTE_PROVIDER=osrm through /common/maps', () => {
  it('GET /directions answers the road route (not approximate), asked longitude first', async () => {
    const res = await get(
      '/common/maps/directions?origin=18.4655,-66.1057&destination=18.0111,-66.6141',
    );
    expect(res.statusCode).toBe(200);
    const { data } = DirectionsResponseSchema.parse(res.json());
    expect(data.approximate).toBe(false);
    expect(data.path[0]).toEqual({ lat: 18.4655, lng: -66.1057 });
    expect(data.path.at(-1)).toEqual({ lat: 18.0111, lng: -66.6141 });
    expect(osrm.requests[0]?.path).toBe('/route/v1/driving/-66.1057,18.4655;-66.6141,18.0111');
  });

  it('where OSRM finds no road, the approximate line', async () => {
    const res = await get(
      '/common/maps/directions?origin=18.4655,-66.1057&destination=9.9281,-84.0907',
    );
    expect(DirectionsResponseSchema.parse(res.json()).data.approximate).toBe(true);
  });

  it('an OSRM that does not answer in time is a 503', async () => {
    osrm.answerNext({ hang: true });
    const res = await get(
      '/common/maps/directions?origin=18.4655,-66.1057&destination=18.0111,-66.6141',
    );
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe('documentation and exposure', () => {
  it('OpenAPI documents the 503 of the three maps routes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(doc.paths['/common/maps/places']?.get?.responses ?? {})).toContain('503');
    expect(
      Object.keys(doc.paths['/common/maps/directions/getAddress']?.post?.responses ?? {}),
    ).toContain('503');
    expect(Object.keys(doc.paths['/common/maps/directions']?.get?.responses ?? {})).toContain(
      '503',
    );
  });

  it('the runtime config the PWA loads does not carry the key', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(API_KEY);
  });

  it('nothing logged so far carries the key, though provider failures were logged', () => {
    const logs = logLines.join('');
    expect(logs).toContain('Maps provider unavailable');
    expect(logs).not.toContain(API_KEY);
  });
});

describe('maps configuration', () => {
  it('defaults to the embedded gazetteer and the estimate router', () => {
    const { maps } = loadConfig({});
    expect(maps).toMatchObject({
      geoProvider: 'embedded',
      routeProvider: 'estimate',
      googlePlacesUrl: 'https://places.googleapis.com',
      nominatimMinIntervalMs: 1000,
    });
  });

  it.each([
    [{ GEO_PROVIDER: 'google' }, 'GOOGLE_MAPS_API_KEY'],
    [{ ROUTE_PROVIDER: 'google' }, 'GOOGLE_MAPS_API_KEY'],
    [{ GEO_PROVIDER: 'photon' }, 'PHOTON_URL'],
    [{ GEO_PROVIDER: 'nominatim' }, 'NOMINATIM_URL'],
    [{ ROUTE_PROVIDER: 'osrm' }, 'OSRM_URL'],
    [{ ROUTE_PROVIDER: 'valhalla' }, 'ROUTE_PROVIDER'],
  ])('%j without its setting is a ConfigError naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
