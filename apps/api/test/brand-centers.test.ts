import { getBrand, serviceCentersOf } from '@auxilio/brands';
import { ServiceCenterListSchema } from '@auxilio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

// SPEC 2 "/corporate/centers": the brand's service centres, as the catalog holds them.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /brands/:slug/centers.json', () => {
  it("answers the brand's centres from its catalog folder, cacheable", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/brands/honda/centers.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const body = ServiceCenterListSchema.parse(res.json());
    const honda = getBrand('honda');
    if (!honda) throw new Error('honda is not in the catalog');
    expect(body.centers.map((c) => c.id)).toEqual(serviceCentersOf(honda).map((c) => c.id));
    expect(body.centers.length).toBeGreaterThan(0);
  });

  it('answers an empty list for a brand without centres', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/brands/connect/centers.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ centers: [] });
  });

  it('answers 404 { code } for an unknown brand or a slug in another case', async () => {
    for (const url of ['/brands/no-such-brand/centers.json', '/brands/HONDA/centers.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('NOT_FOUND');
    }
  });
});
