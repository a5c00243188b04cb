import {
  ApiErrorSchema,
  buildFailedGeotextResponse,
  GeotextResponseSchema,
  type GeotextResponseRequest,
} from '@auxilio/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geotextResponses, geotextRooms, serviceEvents, services } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createService, setServiceStatus } from './support/journey-service.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// SPEC 7 POST /api/v1/geotext-responses {lat, lng, address, roomId, phoneNumber, success}; SPEC 8
// "Geotext location error: Failed response sent to the server"; SPEC 2 /geotext/error/roomid.
// Decision 413. Demo rooms: src/db/seed/geotext.ts.

let t: TestApp;
const PHONE = '7875550100';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function respond(
  body: unknown,
  headers: Record<string, string> = { 'x-api-key': t.config.appKey },
) {
  return t.app.inject({
    method: 'POST',
    url: '/common/api/v1/geotext-responses',
    headers,
    payload: body as Record<string, unknown>,
  });
}

function located(roomId: string, change: Partial<GeotextResponseRequest> = {}) {
  return {
    lat: 18.4655,
    lng: -66.1057,
    address: 'Calle Fortaleza 52, San Juan',
    roomId,
    phoneNumber: PHONE,
    success: true,
    ...change,
  };
}

async function roomFor(serviceId: string | null) {
  const id = `room-${Math.random().toString(36).slice(2, 12)}`;
  await t.db.db.insert(geotextRooms).values({
    id,
    phoneNumber: '(787) 555-0100',
    serviceId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return id;
}

async function responsesOf(roomId: string) {
  return t.db.db.select().from(geotextResponses).where(eq(geotextResponses.roomId, roomId));
}

describe('POST /common/api/v1/geotext-responses', () => {
  it('stores the position for the seeded demo room and answers the stored response (201)', async () => {
    const before = await responsesOf('geotext-demo-pr');
    const res = await respond(located('geotext-demo-pr'));
    expect(res.statusCode).toBe(201);
    const answer = GeotextResponseSchema.parse(res.json());
    expect(answer).toMatchObject({ roomId: 'geotext-demo-pr', success: true });
    const after = await responsesOf('geotext-demo-pr');
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((row) => row.id === answer._id)).toMatchObject({
      lat: 18.4655,
      lng: -66.1057,
      address: 'Calle Fortaleza 52, San Juan',
      phoneNumber: PHONE,
      success: true,
    });
  });

  it("moves the room's open service to the confirmed position, with a location event", async () => {
    const service = await createService(t, CONNECT_PR);
    const roomId = await roomFor(service.id);
    const res = await respond(located(roomId));
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.db.select().from(services).where(eq(services.id, service.id));
    expect(row).toMatchObject({
      situationLat: 18.4655,
      situationLng: -66.1057,
      situationAddress: 'Calle Fortaleza 52, San Juan',
      locationPermission: 'GRANTED',
    });
    const events = await t.db.db
      .select()
      .from(serviceEvents)
      .where(and(eq(serviceEvents.serviceId, service.id), eq(serviceEvents.type, 'location')));
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toMatchObject({ lat: 18.4655, lng: -66.1057, source: 'geotext' });
  });

  it('SPEC 8: stores a failed response without moving the service; a voided service stays put', async () => {
    const service = await createService(t, CONNECT_PR);
    const [original] = await t.db.db.select().from(services).where(eq(services.id, service.id));
    const roomId = await roomFor(service.id);
    const failed = await respond(buildFailedGeotextResponse(roomId, PHONE));
    expect(failed.statusCode).toBe(201);
    expect(GeotextResponseSchema.parse(failed.json()).success).toBe(false);
    await setServiceStatus(t, service.id, 'Void');
    expect((await respond(located(roomId))).statusCode).toBe(201);
    const [row] = await t.db.db.select().from(services).where(eq(services.id, service.id));
    expect(row?.situationLat).toBe(original?.situationLat);
    expect((await responsesOf(roomId)).map((r) => r.success).sort()).toEqual([false, true]);
  });

  it.each([
    ['an unknown room', located('no-such-room')],
    ['another phone number', located('geotext-demo-pr', { phoneNumber: '7875559999' })],
  ])(
    'answers 404 naming body.roomId for %s (SPEC 2 /geotext/error/roomid)',
    async (_case, body) => {
      const res = await respond(body);
      expect(res.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(res.json()).field).toBe('body.roomId');
    },
  );

  it('answers 409 for an expired room and stores nothing', async () => {
    const before = await responsesOf('geotext-demo-expired');
    const res = await respond(located('geotext-demo-expired'));
    expect(res.statusCode).toBe(409);
    expect(await responsesOf('geotext-demo-expired')).toHaveLength(before.length);
  });

  it.each([
    ['success without coordinates', { lat: null }, 'body.lat'],
    ['zero coordinates (SPEC 5)', { lat: 0, lng: 0 }, 'body.lat'],
    ['a latitude out of range', { lat: 91 }, 'body.lat'],
    ['a phone number with letters', { phoneNumber: '787abc0100' }, 'body.phoneNumber'],
    ['no roomId', { roomId: '' }, 'body.roomId'],
    ['success as text', { success: 'true' }, 'body.success'],
  ])('answers 400 naming the field for %s', async (_case, change, field) => {
    const before = await responsesOf('geotext-demo-pr');
    const res = await respond({ ...located('geotext-demo-pr'), ...change });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe(field);
    expect(await responsesOf('geotext-demo-pr')).toHaveLength(before.length);
  });
});
