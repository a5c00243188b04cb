import {
  ApiErrorSchema,
  GeotextRoomSchema,
  GeotextRoomStateSchema,
  type GeotextRoom,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR_API_KEY, loadConfig } from '../src/config/env.ts';
import { geotextResponses, services } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createService } from './support/journey-service.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';
import { outboxRow } from './support/outbox.ts';
import { openStream } from './support/service-stream.ts';

// Decision 600: the operator texts a customer a location link (SPEC 1 geotext flow), reads the
// room and follows it live; the customer answers once (SPEC 7 POST /api/v1/geotext-responses).

const OPERATOR_KEY = 'operator-key-for-the-geotext-tests-0001';
const PUBLIC_ORIGIN = 'https://asistencia.auxilio.example';
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { operatorApiKey: OPERATOR_KEY, publicOrigin: PUBLIC_ORIGIN },
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const operator = { authorization: `Bearer ${OPERATOR_KEY}` };
const ROOMS = '/common/api/v1/operator/geotext-rooms';

function createRoom(body: unknown, headers: Record<string, string> = operator) {
  return t.app.inject({
    method: 'POST',
    url: ROOMS,
    headers,
    payload: body as Record<string, unknown>,
  });
}

async function newRoom(body: Record<string, unknown> = {}): Promise<GeotextRoom> {
  const res = await createRoom({ phoneNumber: '+1 (787) 555-0142', ...body });
  expect(res.statusCode).toBe(201);
  return GeotextRoomSchema.parse(res.json());
}

function respond(roomId: string, change: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/common/api/v1/geotext-responses',
    headers: { 'x-api-key': t.config.appKey },
    payload: {
      lat: 18.4655,
      lng: -66.1057,
      address: 'Calle Fortaleza 52, San Juan',
      roomId,
      phoneNumber: '17875550142',
      success: true,
      ...change,
    },
  });
}

describe('the operator credential', () => {
  it.each([
    ['no Authorization', {}],
    ['the public app key', { 'x-api-key': 'auxilio-demo-public-app-key' }],
    ['another bearer key', { authorization: 'Bearer operator-key-for-the-geotext-tests-0002' }],
    ['the key without Bearer', { authorization: OPERATOR_KEY }],
  ])('refuses %s with 401 and creates nothing', async (_case, headers) => {
    const res = await createRoom({ phoneNumber: '+17875550142' }, headers);
    expect(res.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('UNAUTHORIZED');
  });

  it('is refused everywhere when the server has none (production without OPERATOR_API_KEY)', async () => {
    const off = await createTestApp({ config: { operatorApiKey: undefined } });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: ROOMS,
        headers: { authorization: `Bearer ${DEMO_OPERATOR_API_KEY}` },
        payload: { phoneNumber: '+17875550142' },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await off.close();
    }
  });

  it('has a demo value in demo mode only, refused in production without DEMO_MODE', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).operatorApiKey).toBe(DEMO_OPERATOR_API_KEY);
    const production = {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN,
      APP_KEY: 'partner-public-app-key-1',
      OIDC_ISSUER: 'https://id.auxilio.example',
      SEED_DEMO: 'false',
      DRIVER_SIMULATOR: 'false',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
      MOBILE_PAYMENT_PROVIDER: 'athmovil',
      ATHMOVIL_PUBLIC_TOKEN: 'ath-public-123',
      ATHMOVIL_PRIVATE_TOKEN: 'ath-private-123',
    };
    expect(loadConfig(production).operatorApiKey).toBeUndefined();
    expect(loadConfig({ ...production, OPERATOR_API_KEY: OPERATOR_KEY }).operatorApiKey).toBe(
      OPERATOR_KEY,
    );
    expect(() => loadConfig({ ...production, OPERATOR_API_KEY: DEMO_OPERATOR_API_KEY })).toThrow(
      /OPERATOR_API_KEY/,
    );
    expect(() => loadConfig({ OPERATOR_API_KEY: 'short' })).toThrow(/OPERATOR_API_KEY/);
  });

  it('has no demo value once texts really leave (a real SMS provider), even in demo mode', () => {
    const twilio = {
      NODE_ENV: 'development',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: 'twilio-auth-token',
      TWILIO_FROM: '+17875550000',
    };
    expect(loadConfig(twilio).operatorApiKey).toBeUndefined();
    expect(loadConfig({ ...twilio, OPERATOR_API_KEY: OPERATOR_KEY }).operatorApiKey).toBe(
      OPERATOR_KEY,
    );
  });
});

describe('POST /common/api/v1/operator/geotext-rooms', () => {
  it('creates a room and queues the text with the link on PUBLIC_ORIGIN', async () => {
    const room = await newRoom();
    expect(room).toMatchObject({ phoneNumber: '+17875550142', serviceId: null, status: 'open' });
    expect(room._id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(room.link).toBe(
      `${PUBLIC_ORIGIN}/geotext/landing?roomId=${room._id}&phoneNumber=17875550142`,
    );
    const hours = (Date.parse(room.expiresAt) - Date.parse(room.createdAt)) / 3_600_000;
    expect(hours).toBe(24);
    const text = await outboxRow(t, `geotext-${room._id}`);
    expect(text).toMatchObject({ kind: 'sms', direction: 'outbound', to: '+17875550142' });
    expect(text?.body).toContain(room.link);
  });

  it('ties the room to an existing service', async () => {
    const service = await createService(t, CONNECT_PR);
    const room = await newRoom({ serviceId: service.id });
    expect(room.serviceId).toBe(service.id);
    expect((await outboxRow(t, `geotext-${room._id}`))?.serviceId).toBe(service.id);
  });

  it.each([
    ['a number without country code', { phoneNumber: '7875550142' }, 'body.phoneNumber'],
    ['letters', { phoneNumber: '+1787555abcd' }, 'body.phoneNumber'],
    ['too few digits', { phoneNumber: '+1234567' }, 'body.phoneNumber'],
    ['too many digits', { phoneNumber: '+1234567890123456' }, 'body.phoneNumber'],
    ['no phone', {}, 'body.phoneNumber'],
    ['a malformed service id', { phoneNumber: '+17875550142', serviceId: 'x' }, 'body.serviceId'],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const res = await createRoom(body);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe(field);
  });

  it('answers 404 naming body.serviceId for a service that does not exist', async () => {
    const res = await createRoom({ phoneNumber: '+17875550142', serviceId: 'no-such-service-id' });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).field).toBe('body.serviceId');
  });
});

describe('answers to a room', () => {
  it('keeps the first confirmed position: a second answer is a 409 and stores nothing', async () => {
    const service = await createService(t, CONNECT_PR);
    const room = await newRoom({ serviceId: service.id });
    expect((await respond(room._id, { success: false, lat: null, lng: null })).statusCode).toBe(
      201,
    );
    expect((await respond(room._id)).statusCode).toBe(201);
    const again = await respond(room._id, { lat: 18.2, lng: -66.5, address: 'Otra' });
    expect(again.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(again.json()).code).toBe('CONFLICT');
    const stored = await t.db.db
      .select()
      .from(geotextResponses)
      .where(eq(geotextResponses.roomId, room._id));
    expect(stored.map((row) => row.success).sort()).toEqual([false, true]);
    const [row] = await t.db.db.select().from(services).where(eq(services.id, service.id));
    expect(row).toMatchObject({ situationLat: 18.4655, situationLng: -66.1057 });
  });

  it('takes one of two simultaneous confirmations, never a 5xx', async () => {
    const room = await newRoom();
    const codes = (await Promise.all([respond(room._id), respond(room._id)])).map(
      (res) => res.statusCode,
    );
    expect(codes.sort()).toEqual([201, 409]);
  });

  it('the operator reads the room with its answers; the customer only its status', async () => {
    const room = await newRoom();
    const state = () =>
      t.app.inject({
        method: 'GET',
        url: `/common/api/v1/geotext-rooms/${room._id}?phoneNumber=17875550142`,
        headers: { 'x-api-key': t.config.appKey },
      });
    expect(GeotextRoomStateSchema.parse((await state()).json()).status).toBe('open');
    await respond(room._id);
    expect((await state()).json()).toEqual({ roomId: room._id, status: 'answered' });
    const read = await t.app.inject({
      method: 'GET',
      url: `${ROOMS}/${room._id}`,
      headers: operator,
    });
    expect(GeotextRoomSchema.parse(read.json())).toMatchObject({
      status: 'answered',
      answers: [{ success: true, lat: 18.4655, lng: -66.1057 }],
    });
    const other = await t.app.inject({
      method: 'GET',
      url: `/common/api/v1/geotext-rooms/${room._id}?phoneNumber=17875559999`,
      headers: { 'x-api-key': t.config.appKey },
    });
    expect(other.statusCode).toBe(404);
    const expired = await t.app.inject({
      method: 'GET',
      url: '/common/api/v1/geotext-rooms/geotext-demo-expired?phoneNumber=7875550100',
      headers: { 'x-api-key': t.config.appKey },
    });
    expect(expired.json()).toEqual({ roomId: 'geotext-demo-expired', status: 'expired' });
  });

  it("streams the room's answers to the operator as they arrive, resumable", async () => {
    const room = await newRoom();
    const url = `${baseUrl}${ROOMS}/${room._id}/events`;
    expect((await fetch(url)).status).toBe(401);
    const stream = await openStream(url, operator);
    expect(stream.status).toBe(200);
    try {
      await respond(room._id, { success: false, lat: null, lng: null, address: '' });
      expect(await stream.next()).toMatchObject({
        id: '1',
        event: 'failed',
        data: { roomId: room._id, success: false, lat: null },
      });
      await respond(room._id);
      expect(await stream.next()).toMatchObject({
        id: '2',
        event: 'located',
        data: { roomId: room._id, success: true, lat: 18.4655, lng: -66.1057 },
      });
    } finally {
      stream.close();
    }
    const resumed = await openStream(url, { ...operator, 'last-event-id': '1' });
    try {
      expect(await resumed.next()).toMatchObject({ id: '2', event: 'located' });
    } finally {
      resumed.close();
    }
  });
});
