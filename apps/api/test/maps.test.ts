import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  ApiErrorSchema,
  BasemapManifestSchema,
  DirectionsResponseSchema,
  GetAddressResponseSchema,
  haversineMeters,
  PlaceLabelsSchema,
  PlacesResponseSchema,
  RuntimeConfigSchema,
} from '@auxilio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

// Maps: the /common/maps API (decision 261) and the public demo basemap at /map (260, 700).

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = { 'x-api-key': t.config.appKey };
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });

describe('GET /common/maps/places', () => {
  it('finds San Juan, Puerto Rico with its coordinates and address', async () => {
    const res = await get('/common/maps/places?q=san%20juan');
    expect(res.statusCode).toBe(200);
    const [first] = PlacesResponseSchema.parse(res.json()).data;
    expect(first).toMatchObject({
      name: 'San Juan',
      country: 'PR',
      address: 'San Juan, Puerto Rico',
    });
    expect(first?.placeId).toMatch(/^geo:\d+$/);
    expect(first?.lat).toBeCloseTo(18.47, 1);
  });

  // SPEC 5: "restricted to the account's country, or to PR, CO, CR, PA when the account has no branch".
  it('never leaves the countries asked for; the default leaves Mexico out', async () => {
    const onlyCr = PlacesResponseSchema.parse(
      (await get('/common/maps/places?q=san%20jose&countries=CR&limit=20')).json(),
    ).data;
    expect(onlyCr.length).toBeGreaterThan(0);
    expect(onlyCr.every((p) => p.country === 'CR')).toBe(true);
    const byDefault = PlacesResponseSchema.parse(
      (await get('/common/maps/places?q=ciudad%20de%20mexico')).json(),
    ).data;
    expect(byDefault.some((p) => p.country === 'MX')).toBe(false);
    const inMexico = PlacesResponseSchema.parse(
      (await get('/common/maps/places?q=ciudad%20de%20mexico&countries=MX')).json(),
    ).data;
    expect(inMexico[0]?.name).toBe('Ciudad de México');
  });

  it.each([
    ['/common/maps/places', 'querystring.q'],
    ['/common/maps/places?q=', 'querystring.q'],
    ['/common/maps/places?q=x&countries=US', 'querystring.countries'],
    ['/common/maps/places?q=x&limit=0', 'querystring.limit'],
  ])('%s is a 400 naming %s', async (url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({ code: 'BAD_REQUEST' });
    expect(res.json<{ field: string }>().field).toContain(field);
  });

  it('needs the app key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/common/maps/places?q=ponce' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /common/maps/directions/getAddress', () => {
  const post = (coords: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/common/maps/directions/getAddress',
      headers,
      payload: { coords },
    });

  it("answers the address and place id at SPEC 9's default centre (San Juan)", async () => {
    const res = await post('18.42139,-66.073795');
    expect(res.statusCode).toBe(200);
    const { data } = GetAddressResponseSchema.parse(res.json());
    expect(data?.address).toMatch(/San Juan, Puerto Rico$/);
    expect(data?.placeId).toMatch(/^(geo|fips):\d+$/);
  });

  it('answers null far from the five countries (mid-Atlantic)', async () => {
    const res = await post('30,-40');
    expect(GetAddressResponseSchema.parse(res.json()).data).toBeNull();
  });

  it.each(['', '18.4', 'abc,def', '95,-66', '18,-200'])('%j is a 400 on body.coords', async (c) => {
    const res = await post(c);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'body.coords' });
  });
});

describe('GET /common/maps/directions', () => {
  it('answers an approximate route: a line, distance and duration', async () => {
    const origin = { lat: 18.4655, lng: -66.1057 }; // San Juan
    const destination = { lat: 18.0111, lng: -66.6141 }; // Ponce
    const res = await get(
      `/common/maps/directions?origin=${origin.lat},${origin.lng}&destination=${destination.lat},${destination.lng}`,
    );
    expect(res.statusCode).toBe(200);
    const { data } = DirectionsResponseSchema.parse(res.json());
    expect(data.approximate).toBe(true);
    expect(data.path[0]).toEqual(origin);
    expect(data.path.at(-1)).toEqual(destination);
    // Longer than the straight line (roads are not straight), and a plausible drive.
    expect(data.distanceMeters).toBeGreaterThan(haversineMeters(origin, destination));
    expect(data.durationSeconds).toBeGreaterThan(30 * 60);
    expect(data.durationSeconds).toBeLessThan(3 * 3600);
  });

  it.each([
    ['?destination=18,-66', 'querystring.origin'],
    ['?origin=18,-66&destination=north', 'querystring.destination'],
    ['?origin=91,-66&destination=18,-66', 'querystring.origin'],
  ])('%s is a 400 naming %s', async (query, field) => {
    const res = await get(`/common/maps/directions${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field: string }>().field).toContain(field);
  });
});

describe('the demo basemap at /map', () => {
  it('runtime config points the PWA at the demo manifest, capped below SPEC 18, with its credit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app-config.json' });
    const { map } = RuntimeConfigSchema.parse(res.json());
    expect(map).toEqual({
      provider: 'embedded',
      basemapUrl: '/map/basemap.json',
      attribution: expect.stringMatching(/Natural Earth.*GeoNames/) as string,
      maxZoom: 15,
    });
  });

  it('with MAP_TILES_URL the runtime config names the tiles and their credit, SPEC 9 max 18', async () => {
    const tiles = { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Tiles Example' };
    const tiled = await createTestApp({ config: { mapTiles: tiles } });
    try {
      const res = await tiled.app.inject({ method: 'GET', url: '/app-config.json' });
      expect(RuntimeConfigSchema.parse(res.json()).map).toEqual({
        provider: 'tiles',
        tilesUrl: tiles.url,
        attribution: tiles.attribution,
        maxZoom: 18,
      });
    } finally {
      await tiled.close();
    }
  });

  it('serves a manifest whose data files are served too, without the app key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/map/basemap.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const manifest = BasemapManifestSchema.parse(res.json());
    expect(manifest.attribution).toMatch(/GeoNames/);
    for (const url of Object.values(manifest.files)) {
      expect(url).toContain(`/map/data/${manifest.version}/`);
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['cache-control']).toContain('immutable');
    }
    const countries = (await t.app.inject({ method: 'GET', url: manifest.files.countries })).json<{
      features: { properties: { code: string; focus: boolean } }[];
    }>();
    expect(
      countries.features
        .filter((f) => f.properties.focus)
        .map((f) => f.properties.code)
        .sort(),
    ).toEqual(['CO', 'CR', 'MX', 'PA', 'PR']);
    const labels = PlaceLabelsSchema.parse(
      (await t.app.inject({ method: 'GET', url: manifest.files.labels })).json(),
    );
    const bayamon = labels.places.find(([, , name]) => name === 'Bayamón');
    expect(bayamon?.[3]).toBeGreaterThan(100_000);
    // Largest first: the map labels the largest places where labels would collide.
    const populations = labels.places.map(([, , , population]) => population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
  ] as const)(
    'compresses data for a client accepting %s (%s), and answers 304 to a matching ETag',
    async (accepted, encoding, decode) => {
      const { files } = BasemapManifestSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/map/basemap.json' })).json(),
      );
      const plain = await t.app.inject({ method: 'GET', url: files.municipios });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const packed = await t.app.inject({
        method: 'GET',
        url: files.municipios,
        headers: { 'accept-encoding': accepted },
      });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toContain('accept-encoding');
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decode(packed.rawPayload).equals(plain.rawPayload)).toBe(true);
      // Each coding is its own representation, with its own validator.
      expect(packed.headers.etag).not.toBe(plain.headers.etag);
      const again = await t.app.inject({
        method: 'GET',
        url: files.municipios,
        headers: { 'accept-encoding': accepted, 'if-none-match': String(packed.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    },
  );

  it('an unknown version or file is a 404', async () => {
    const { version } = BasemapManifestSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/map/basemap.json' })).json(),
    );
    for (const url of [
      '/map/data/0000/countries.geojson',
      `/map/data/${version}/places.geojson`,
      '/map/style.json',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
