import { ApiErrorSchema } from '@auxilio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

// Bad input is refused clearly: a path parameter longer than the router's old 100-character
// limit reaches the zod params schema (app.ts sets routerOptions.maxParamLength), so it answers 400
// naming the parameter, not 404 "Route not found" with the whole path echoed back.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ROUTES: [string, (param: string) => string, string][] = [
  ['driverById/{id}', (id) => `/common/providers/drivers/driverById/${id}`, 'params.id'],
  [
    'driverById/{id}/location',
    (id) => `/common/providers/drivers/driverById/${id}/location`,
    'params.id',
  ],
  ['getModel/{country}/{make}', (make) => `/common/utils/getModel/PR/${make}`, 'params.make'],
];

describe.each([101, 1_001, 8_000])('a %i-character path parameter', (length) => {
  it.each(ROUTES)('GET %s answers 400 naming the parameter', async (_route, url, field) => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('d'.repeat(length)),
      headers: { 'x-api-key': t.config.appKey },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    const error = ApiErrorSchema.parse(res.json());
    expect(error).toMatchObject({ code: 'BAD_REQUEST', field });
    expect(error.message.length).toBeLessThan(200);
  });
});
