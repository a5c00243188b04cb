import { ApiErrorSchema, PushOptInResponseSchema, ServiceSchema } from '@auxilio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  type CreatedService,
  createService,
  serviceEventsOf,
  serviceRow,
  setServiceStatus,
} from './support/journey-service.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// SPEC 7 PATCH /api/v1/service-requests/{id}/pushOptIn and PATCH /api/v1/services/{id}/locations;
// SPEC 5 "Live position accepted only when accuracy is 20 m or better"; decision 255.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function patch(url: string, service: CreatedService, body: unknown, headers = service.headers) {
  return t.app.inject({ method: 'PATCH', url, headers, payload: body as Record<string, unknown> });
}

const fix = {
  situationAddress: 'Calle Sol 12, San Juan',
  lat: 18.4655,
  lng: -66.1057,
  address: 'Calle Sol 12, Viejo San Juan, San Juan 00901',
  placeId: 'place-sol-12',
  accuracy: 12,
};

describe('PATCH /common/api/v1/service-requests/:id/pushOptIn', () => {
  it('stores the choice; the same value again appends no event', async () => {
    const service = await createService(t, CONNECT_PR);
    const url = `/common/api/v1/service-requests/${service.id}/pushOptIn`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await patch(url, service, { pushOptIn: true });
      expect(res.statusCode).toBe(200);
      expect(PushOptInResponseSchema.parse(res.json())).toEqual({
        _id: service.id,
        pushOptIn: true,
      });
    }
    expect((await serviceRow(t, service.id))?.pushOptIn).toBe(true);
    expect(await serviceEventsOf(t, service.id, 'pushOptIn')).toHaveLength(1);
    await patch(url, service, { pushOptIn: false });
    expect((await serviceRow(t, service.id))?.pushOptIn).toBe(false);
  });

  it('answers 400 for a non-boolean, 401 without a token, 403 with another service token', async () => {
    const service = await createService(t, CONNECT_PR);
    const other = await createService(t, CONNECT_PR);
    const url = `/common/api/v1/service-requests/${service.id}/pushOptIn`;
    const bad = await patch(url, service, { pushOptIn: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).field).toBe('body.pushOptIn');
    const { authorization: _omit, ...keyOnly } = service.headers;
    expect((await patch(url, service, { pushOptIn: true }, keyOnly)).statusCode).toBe(401);
    expect((await patch(url, service, { pushOptIn: true }, other.headers)).statusCode).toBe(403);
    expect((await serviceRow(t, service.id))?.pushOptIn).toBe(false);
  });
});

describe('PATCH /common/api/v1/services/:id/locations', () => {
  it('moves the situation, answers the updated service and appends a location event', async () => {
    const service = await createService(t, CONNECT_PR);
    const res = await patch(`/common/api/v1/services/${service.id}/locations`, service, fix);
    expect(res.statusCode).toBe(200);
    const updated = ServiceSchema.parse(res.json());
    expect(updated.locations.situation).toEqual({
      lat: fix.lat,
      lng: fix.lng,
      address: fix.situationAddress,
      placeId: fix.placeId,
      prettyAddress: fix.address,
    });
    expect(await serviceRow(t, service.id)).toMatchObject({
      situationAccuracy: 12,
      locationPermission: 'GRANTED',
    });
    expect(await serviceEventsOf(t, service.id, 'location')).toHaveLength(1);
  });

  it.each([
    ['SPEC 5: accuracy worse than 20 m', { accuracy: 20.5 }, 'body.accuracy'],
    ['SPEC 5: zero coordinates', { lat: 0 }, 'body.lat'],
    ['a missing situation address', { situationAddress: '' }, 'body.situationAddress'],
    ['a latitude out of range', { lat: 91 }, 'body.lat'],
  ])('answers 400 naming the field for %s, keeping the situation', async (_case, change, field) => {
    const service = await createService(t, CONNECT_PR);
    const before = await serviceRow(t, service.id);
    const res = await patch(`/common/api/v1/services/${service.id}/locations`, service, {
      ...fix,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe(field);
    const after = await serviceRow(t, service.id);
    expect([after?.situationLat, after?.situationLng]).toEqual([
      before?.situationLat,
      before?.situationLng,
    ]);
  });

  it('accepts exactly 20 m; refuses a voided service (409), a wrong token (403), no key (401)', async () => {
    const service = await createService(t, CONNECT_PR);
    const url = `/common/api/v1/services/${service.id}/locations`;
    expect((await patch(url, service, { ...fix, accuracy: 20 })).statusCode).toBe(200);
    const other = await createService(t, CONNECT_PR);
    expect((await patch(url, service, fix, other.headers)).statusCode).toBe(403);
    const { 'x-api-key': _key, ...tokenOnly } = service.headers;
    expect((await patch(url, service, fix, tokenOnly)).statusCode).toBe(401);
    await setServiceStatus(t, service.id, 'Void');
    expect((await patch(url, service, fix)).statusCode).toBe(409);
  });
});
