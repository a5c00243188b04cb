import {
  ApiErrorSchema,
  VehicleMakesResponseSchema,
  VehicleModelsResponseSchema,
  ZonesResponseSchema,
} from '@auxilio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

// SPEC 7 GET /utils/getMake/{x}, /utils/getModel/{x}/{y} (decision 400) and
// /utils/zones/{country code}?populate=false (decision 401).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function get(url: string, headers: Record<string, string> = { 'x-api-key': t.config.appKey }) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('GET /common/utils/getMake/{country}', () => {
  it('lists the makes of the country, alphabetical, per country where they differ', async () => {
    const pr = await get('/common/utils/getMake/PR');
    expect(pr.statusCode).toBe(200);
    const prMakes = VehicleMakesResponseSchema.parse(pr.json()).data;
    expect(prMakes).toContain('Toyota');
    // Renault and Suzuki are not sold in Puerto Rico; they are in Colombia.
    expect(prMakes).not.toContain('Renault');
    expect(prMakes).toEqual([...prMakes].sort((a, b) => a.localeCompare(b, 'es')));
    const co = VehicleMakesResponseSchema.parse((await get('/common/utils/getMake/co')).json());
    expect(co.data).toEqual(expect.arrayContaining(['Renault', 'Suzuki', 'Toyota']));
  });

  it('400 naming the field for an unknown country', async () => {
    const res = await get('/common/utils/getMake/US');
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe('params.country');
  });

  it('401 without the app key and with a wrong one', async () => {
    expect((await get('/common/utils/getMake/PR', {})).statusCode).toBe(401);
    expect((await get('/common/utils/getMake/PR', { 'x-api-key': 'wrong' })).statusCode).toBe(401);
  });
});

describe('GET /common/utils/getModel/{country}/{make}', () => {
  it("lists the make's models sold in the country; the make matches any case", async () => {
    const pr = await get('/common/utils/getModel/PR/toyota');
    expect(pr.statusCode).toBe(200);
    const prModels = VehicleModelsResponseSchema.parse(pr.json()).data;
    expect(prModels).toEqual(expect.arrayContaining(['Corolla', 'Tacoma']));
    expect(prModels).not.toContain('Hilux');
    const pa = VehicleModelsResponseSchema.parse(
      (await get('/common/utils/getModel/PA/Toyota')).json(),
    );
    expect(pa.data).toContain('Hilux');
    expect(pa.data).not.toContain('Tacoma');
    const spaced = await get('/common/utils/getModel/MX/Volkswagen');
    expect(VehicleModelsResponseSchema.parse(spaced.json()).data).toContain('Vento');
  });

  it('404 for a make the country does not have', async () => {
    const res = await get('/common/utils/getModel/PR/Renault');
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it('400 naming the field for a bad country', async () => {
    const res = await get('/common/utils/getModel/XX/Toyota');
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe('params.country');
  });

  it('401 without the app key and with a wrong one', async () => {
    expect((await get('/common/utils/getModel/PR/Toyota', {})).statusCode).toBe(401);
    const wrong = await get('/common/utils/getModel/PR/Toyota', { 'x-api-key': 'nope' });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('GET /common/utils/zones/{country code}', () => {
  it("populate=false: Puerto Rico's 78 municipios without their towns", async () => {
    const res = await get('/common/utils/zones/PR?populate=false');
    expect(res.statusCode).toBe(200);
    const zones = ZonesResponseSchema.parse(res.json()).data;
    expect(zones).toHaveLength(78);
    const sanJuan = zones.find((zone) => zone.name === 'San Juan');
    expect(sanJuan).toMatchObject({ _id: 'PR-san-juan', country: 'PR' });
    expect(sanJuan?.lat).toBeCloseTo(18.47, 1);
    expect(zones.every((zone) => zone.places === undefined)).toBe(true);
  });

  it('populate=true adds each zone’s towns; other countries list their first-order divisions', async () => {
    const res = await get('/common/utils/zones/co?populate=true');
    expect(res.statusCode).toBe(200);
    const zones = ZonesResponseSchema.parse(res.json()).data;
    const antioquia = zones.find((zone) => zone.name === 'Antioquia');
    expect(antioquia?.places?.[0]?.name).toBe('Medellín');
    expect(zones.map((zone) => zone.name)).toContain('Bogotá D.C.');
    expect(zones.every((zone) => zone.country === 'CO')).toBe(true);
  });

  it('400 naming the field for a bad country code or populate value', async () => {
    const country = await get('/common/utils/zones/ZZ?populate=false');
    expect(country.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(country.json()).field).toBe('params.countryCode');
    const populate = await get('/common/utils/zones/PR?populate=maybe');
    expect(populate.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(populate.json()).field).toBe('querystring.populate');
  });

  it('401 without the app key and with a wrong one', async () => {
    expect((await get('/common/utils/zones/PR?populate=false', {})).statusCode).toBe(401);
    const wrong = await get('/common/utils/zones/PR?populate=false', { 'x-api-key': 'x' });
    expect(wrong.statusCode).toBe(401);
  });
});
