import { GeotextRoomSchema, type GeotextRoom } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, geotextRooms } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { CONNECT_PR, OTIUM_PA } from './support/demo-accounts.ts';
import { DEMO_DISPATCHER_EMAILS, dispatcherToken } from './support/dispatcher-session.ts';
import { createService } from './support/journey-service.ts';
import { outboxRow } from './support/outbox.ts';
import { openStream } from './support/service-stream.ts';

// Geotext from the dispatcher's console (docs/decisions/762, decision 600): a dispatcher texts a
// caller the location link, the caller answers through the public route, and the console reads the
// room and follows its stream. The room is its creator's and its service's scope's only.

const ROOMS = '/common/api/v1/dispatcher/geotext-rooms';
let t: TestApp;
let baseUrl: string;
const tokens: Record<'pr' | 'pa' | 'all', string> = { pr: '', pa: '', all: '' };

beforeAll(async () => {
  t = await createTestApp({ config: { driverSimulator: false, dispatchEngine: false } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  tokens.pr = await dispatcherToken(t.app, DEMO_DISPATCHER_EMAILS.pr);
  tokens.pa = await dispatcherToken(t.app, DEMO_DISPATCHER_EMAILS.pa);
  tokens.all = await dispatcherToken(t.app, DEMO_DISPATCHER_EMAILS.all);
});
afterAll(async () => {
  await t.close();
});

const as = (who: keyof typeof tokens) => ({
  'x-api-key': t.config.appKey,
  authorization: `Bearer ${tokens[who]}`,
});

async function createRoom(who: keyof typeof tokens, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: ROOMS, headers: as(who), payload: body });
}

function readRoom(who: keyof typeof tokens, roomId: string) {
  return t.app.inject({ method: 'GET', url: `${ROOMS}/${roomId}`, headers: as(who) });
}

function streamUrl(who: keyof typeof tokens, roomId: string) {
  const query = new URLSearchParams({ key: t.config.appKey, token: tokens[who] });
  return `${baseUrl}${ROOMS}/${roomId}/events?${query.toString()}`;
}

function respond(room: GeotextRoom) {
  return t.app.inject({
    method: 'POST',
    url: '/common/api/v1/geotext-responses',
    headers: { 'x-api-key': t.config.appKey },
    payload: {
      lat: 18.4655,
      lng: -66.1057,
      address: 'Calle Fortaleza 52, San Juan',
      roomId: room._id,
      phoneNumber: room.phoneNumber.replace(/\D/g, ''),
      success: true,
    },
  });
}

describe('a geotext room from the console', () => {
  it("texts the link, and the console's read and stream show the located answer", async () => {
    const service = await createService(t, CONNECT_PR);
    const res = await createRoom('pr', { phoneNumber: '+17875550142', serviceId: service.id });
    expect(res.statusCode).toBe(201);
    const room = GeotextRoomSchema.parse(res.json());
    expect(room).toMatchObject({ serviceId: service.id, status: 'open', answers: [] });
    expect(await outboxRow(t, `geotext-${room._id}`)).toMatchObject({
      kind: 'sms',
      to: '+17875550142',
    });
    const [stored] = await t.db.db.select().from(geotextRooms).where(eq(geotextRooms.id, room._id));
    const [line] = await t.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'geotext_created'));
    // The permanent log names the room, not the caller's phone number.
    expect(line).toMatchObject({
      dispatcherId: stored?.createdBy,
      serviceId: service.id,
      after: { roomId: room._id },
    });
    expect(JSON.stringify(line)).not.toContain('5550142');
    expect(stored?.createdBy).toEqual(expect.any(String));

    expect(
      (await fetch(`${baseUrl}${ROOMS}/${room._id}/events?key=${t.config.appKey}`)).status,
    ).toBe(401);
    const stream = await openStream(streamUrl('pr', room._id));
    expect(stream.status).toBe(200);
    try {
      expect((await respond(room)).statusCode).toBe(201);
      expect(await stream.next()).toMatchObject({
        id: '1',
        event: 'located',
        data: { roomId: room._id, success: true, lat: 18.4655, lng: -66.1057 },
      });
    } finally {
      stream.close();
    }
    const read = await readRoom('pr', room._id);
    expect(read.statusCode).toBe(200);
    expect(GeotextRoomSchema.parse(read.json())).toMatchObject({
      status: 'answered',
      answers: [{ success: true, lat: 18.4655, lng: -66.1057 }],
    });
    // A scope that covers the service reads it too.
    expect((await readRoom('all', room._id)).statusCode).toBe(200);
  });

  it("answers 404 to another branch's dispatcher, on the read and on the stream", async () => {
    const service = await createService(t, CONNECT_PR);
    const room = GeotextRoomSchema.parse(
      (await createRoom('pr', { phoneNumber: '+17875550143', serviceId: service.id })).json(),
    );
    const read = await readRoom('pa', room._id);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await fetch(streamUrl('pa', room._id))).status).toBe(404);
    expect((await readRoom('pa', 'no-such-room')).statusCode).toBe(404);
  });

  it("ends the room's stream within a few seconds of a sign-out", async () => {
    const token = await dispatcherToken(t.app, DEMO_DISPATCHER_EMAILS.pr);
    const room = GeotextRoomSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: ROOMS,
          headers: { 'x-api-key': t.config.appKey, authorization: `Bearer ${token}` },
          payload: { phoneNumber: '+17875550145' },
        })
      ).json(),
    );
    const query = new URLSearchParams({ key: t.config.appKey, token });
    const stream = await openStream(`${baseUrl}${ROOMS}/${room._id}/events?${query.toString()}`);
    try {
      expect(stream.status).toBe(200);
      const signOut = await t.app.inject({
        method: 'DELETE',
        url: '/common/api/v1/dispatcher/session',
        headers: { 'x-api-key': t.config.appKey, authorization: `Bearer ${token}` },
      });
      expect(signOut.statusCode).toBe(204);
      const timeout = new Promise<'still open'>((resolve) => {
        setTimeout(() => {
          resolve('still open');
        }, 6_000).unref();
      });
      expect(await Promise.race([stream.ended, timeout])).toBe('end');
    } finally {
      stream.close();
    }
  });

  it('keeps a room without a service to its creator', async () => {
    const room = GeotextRoomSchema.parse(
      (await createRoom('pa', { phoneNumber: '+50760000001' })).json(),
    );
    expect((await readRoom('pa', room._id)).statusCode).toBe(200);
    expect((await readRoom('pr', room._id)).statusCode).toBe(404);
    expect((await readRoom('all', room._id)).statusCode).toBe(404);
  });

  it('refuses a service outside the scope with 404 on body.serviceId, and creates nothing', async () => {
    const service = await createService(t, OTIUM_PA);
    const before = await t.db.db.select().from(geotextRooms);
    const res = await createRoom('pr', { phoneNumber: '+17875550144', serviceId: service.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', field: 'body.serviceId' });
    expect(await t.db.db.select().from(geotextRooms)).toHaveLength(before.length);
  });
});
