import { asc, count, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  dispatchOffers,
  drivers,
  geotextRooms,
  messages,
  services,
} from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { CONNECT_PR, MMM_PR, OTIUM_PA } from './support/demo-accounts.ts';
import { DEMO_DISPATCHER_EMAILS, dispatcherToken } from './support/dispatcher-session.ts';
import { assignFirstDriver, createService, finishService } from './support/journey-service.ts';
import { openStream } from './support/service-stream.ts';

// Tenant isolation of the dispatcher's console (docs/decisions/762), as a property: whatever the
// route and whatever valid input, a dispatcher of Panama acting on Puerto Rico's services, drivers
// or geotext rooms gets a 404 (as for an unknown id) and nothing in the database changes; and
// nothing a Panama dispatcher reads (board, drivers, audit, profile, the board stream's snapshot)
// carries a Puerto Rico service or driver id.

const BASE = '/common/api/v1/dispatcher';

/** What the PA dispatcher aims at: another tenant's objects, or ids that do not exist. */
interface Target {
  serviceId: string;
  driverId: string;
  roomId: string;
  /** A service of the PA dispatcher's own scope (to assign a PR driver to). */
  ownServiceId: string;
  /** A finished service of the PA dispatcher's own scope. */
  ownClosedServiceId: string;
  reason: string;
  text: string;
  phoneNumber: string;
}

interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
  /** A stream: opened over HTTP with `?key=&token=` (EventSource sends no headers). */
  stream?: boolean;
}

/**
 * Every dispatcher route that names another object, with a valid request about `target`.
 * `POST /session`, `DELETE /session` and `GET /me` name nothing but the caller; the lists
 * (`GET /board`, `GET /drivers`, `GET /audit`, `GET /board/events`) are checked below for what
 * they answer.
 */
const ACTING_ROUTES: Record<string, (target: Target) => Call> = {
  'GET /services/{id}': (x) => ({ method: 'GET', url: `/services/${x.serviceId}` }),
  'POST /services/{id}/contact': (x) => ({
    method: 'POST',
    url: `/services/${x.serviceId}/contact`,
    payload: { reason: x.reason },
  }),
  'GET /services/{id}/suggestions': (x) => ({
    method: 'GET',
    url: `/services/${x.serviceId}/suggestions`,
  }),
  'POST /services/{id}/assignment (their service)': (x) => ({
    method: 'POST',
    url: `/services/${x.serviceId}/assignment`,
    payload: { driverId: x.driverId, reason: x.reason },
  }),
  'POST /services/{id}/assignment (their driver on my service)': (x) => ({
    method: 'POST',
    url: `/services/${x.ownServiceId}/assignment`,
    payload: { driverId: x.driverId },
  }),
  'POST /services/{id}/assignment (their driver on my finished service)': (x) => ({
    method: 'POST',
    url: `/services/${x.ownClosedServiceId}/assignment`,
    payload: { driverId: x.driverId },
  }),
  'POST /services/{id}/cancellation': (x) => ({
    method: 'POST',
    url: `/services/${x.serviceId}/cancellation`,
    payload: { reason: x.reason },
  }),
  'POST /services/{id}/messages': (x) => ({
    method: 'POST',
    url: `/services/${x.serviceId}/messages`,
    payload: { text: x.text },
  }),
  'POST /geotext-rooms {serviceId}': (x) => ({
    method: 'POST',
    url: '/geotext-rooms',
    payload: { phoneNumber: x.phoneNumber, serviceId: x.serviceId },
  }),
  'GET /geotext-rooms/{roomId}': (x) => ({ method: 'GET', url: `/geotext-rooms/${x.roomId}` }),
  'GET /geotext-rooms/{roomId}/events': (x) => ({
    method: 'GET',
    url: `/geotext-rooms/${x.roomId}/events`,
    stream: true,
  }),
};

let t: TestApp;
let baseUrl: string;
let paToken: string;
let prServiceIds: string[];
let prDriverIds: string[];
let prRoomIds: string[];
let paServiceId: string;
let paClosedServiceId: string;
let paDriverId: string;

beforeAll(async () => {
  t = await createTestApp({ config: { driverSimulator: false, dispatchEngine: false } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  paToken = await dispatcherToken(t.app, DEMO_DISPATCHER_EMAILS.pa);
  const prToken = await dispatcherToken(t.app, DEMO_DISPATCHER_EMAILS.pr);
  const prHeaders = { 'x-api-key': t.config.appKey, authorization: `Bearer ${prToken}` };

  const queued = await createService(t, CONNECT_PR);
  const assigned = await createService(t, MMM_PR);
  await assignFirstDriver(t, assigned.id);
  prServiceIds = [queued.id, assigned.id];
  paServiceId = (await createService(t, OTIUM_PA)).id;
  paClosedServiceId = (await createService(t, OTIUM_PA)).id;
  await finishService(t, paClosedServiceId);
  prDriverIds = (
    await t.db.db.select({ id: drivers.id }).from(drivers).where(eq(drivers.branch, 'PR'))
  ).map((row) => row.id);
  expect(prDriverIds.length).toBeGreaterThan(0);

  // The PR dispatcher's own work: audit lines and rooms the PA dispatcher must never see.
  await t.app.inject({
    method: 'POST',
    url: `${BASE}/services/${queued.id}/contact`,
    headers: prHeaders,
    payload: {},
  });
  prRoomIds = [];
  for (const body of [
    { phoneNumber: '+17875550150', serviceId: queued.id },
    { phoneNumber: '+17875550151' },
  ]) {
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/geotext-rooms`,
      headers: prHeaders,
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    prRoomIds.push(res.json<{ _id: string }>()._id);
  }
  // And one of the PA dispatcher's own, which their audit answers.
  const own = await t.app.inject({
    method: 'POST',
    url: `${BASE}/services/${paServiceId}/contact`,
    headers: { 'x-api-key': t.config.appKey, authorization: `Bearer ${paToken}` },
    payload: {},
  });
  expect(own.statusCode).toBe(200);
  paDriverId =
    (await t.db.db.select({ id: drivers.id }).from(drivers).where(eq(drivers.branch, 'PA')))[0]
      ?.id ?? '';
  expect(await t.db.db.select({ n: count() }).from(auditLog)).toEqual([{ n: 4 }]);
});
afterAll(async () => {
  await t.close();
});

const paHeaders = () => ({ 'x-api-key': t.config.appKey, authorization: `Bearer ${paToken}` });

/** Everything a PA dispatcher's action on PR objects could change. */
async function databaseState() {
  const targets = [...prServiceIds, paServiceId, paClosedServiceId];
  return {
    audit: await t.db.db.select({ n: count() }).from(auditLog),
    services: await t.db.db
      .select()
      .from(services)
      .where(inArray(services.id, targets))
      .orderBy(asc(services.id)),
    drivers: await t.db.db
      .select()
      .from(drivers)
      .where(inArray(drivers.branch, ['PR', 'PA']))
      .orderBy(asc(drivers.id)),
    offers: await t.db.db.select().from(dispatchOffers).orderBy(asc(dispatchOffers.id)),
    rooms: await t.db.db.select({ n: count() }).from(geotextRooms),
    texts: await t.db.db.select({ n: count() }).from(messages).where(eq(messages.kind, 'sms')),
  };
}

/** The answer to `call`: its status and body (a stream's refusal is a plain JSON body too). */
async function send(call: Call): Promise<{ status: number; body: string }> {
  if (call.stream) {
    const query = new URLSearchParams({ key: t.config.appKey, token: paToken });
    const res = await fetch(`${baseUrl}${BASE}${call.url}?${query.toString()}`);
    if (res.status === 200) {
      await res.body?.cancel();
      return { status: res.status, body: '' };
    }
    return { status: res.status, body: await res.text() };
  }
  const res = await t.app.inject({
    method: call.method,
    url: `${BASE}${call.url}`,
    headers: paHeaders(),
    ...(call.payload ? { payload: call.payload } : {}),
  });
  return { status: res.statusCode, body: res.body };
}

/** An id of the services' shape (8-64 URL-safe characters) that names nothing. */
const idLike = fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/);
const words = fc.string({ minLength: 1, maxLength: 60 }).filter((text) => text.trim().length > 0);

/** Targets of PR ids or of unknown ids; only PR ids when `prOnly`. */
function targets(prOnly = false): fc.Arbitrary<Target> {
  const idOf = (ids: string[]) =>
    prOnly ? fc.constantFrom(...ids) : fc.oneof(fc.constantFrom(...ids), idLike);
  return fc.record({
    serviceId: idOf(prServiceIds),
    driverId: idOf(prDriverIds),
    roomId: idOf(prRoomIds),
    ownServiceId: fc.constant(paServiceId),
    ownClosedServiceId: fc.constant(paClosedServiceId),
    reason: words,
    text: words,
    phoneNumber: fc.constantFrom('+17875550160', '+50760000002'),
  });
}

describe("a PA dispatcher acting on PR's services, drivers and rooms", () => {
  it.each(Object.keys(ACTING_ROUTES))('%s answers 404 and changes nothing', async (name) => {
    const route = ACTING_ROUTES[name];
    if (!route) throw new Error(name);
    await fc.assert(
      fc.asyncProperty(targets(), async (target) => {
        const before = await databaseState();
        const { status } = await send(route(target));
        expect([403, 404]).toContain(status);
        expect(await databaseState()).toEqual(before);
      }),
      { numRuns: 12 },
    );
  });
});

describe("a PA dispatcher cannot tell PR's ids from ids that do not exist", () => {
  it.each(Object.keys(ACTING_ROUTES))(
    '%s answers both with the same status, code, message and field',
    async (name) => {
      const route = ACTING_ROUTES[name];
      if (!route) throw new Error(name);
      await fc.assert(
        fc.asyncProperty(
          targets(true),
          idLike,
          idLike,
          idLike,
          async (pr, service, driver, room) => {
            const unknown = { ...pr, serviceId: service, driverId: driver, roomId: room };
            const [forPr, forUnknown] = [await send(route(pr)), await send(route(unknown))];
            expect({ status: forPr.status, body: bodyOf(forPr.body) }).toEqual({
              status: forUnknown.status,
              body: bodyOf(forUnknown.body),
            });
          },
        ),
        { numRuns: 8 },
      );
    },
  );
});

/** An error body as the client reads it (code, message, field), without the request's own id. */
function bodyOf(text: string): unknown {
  if (text === '') return text;
  const { code, message, field } = JSON.parse(text) as Record<string, unknown>;
  return { code, message, field };
}

describe('what a PA dispatcher reads', () => {
  const carriesPr = (body: string) =>
    [...prServiceIds, ...prDriverIds, ...prRoomIds].filter((id) => body.includes(id));

  it.each([
    ['/board', () => paServiceId],
    ['/drivers', () => paDriverId],
    ['/audit', () => paServiceId],
    ['/me', () => 'despacho.pa@'],
  ])(
    'GET %s answers its own scope and never a PR service, driver or room id',
    async (path, own) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${BASE}${path}`,
        headers: paHeaders(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(own());
      expect(carriesPr(res.body)).toEqual([]);
    },
  );

  it('GET /audit?serviceId= of a PR service answers no line', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...prServiceIds), async (serviceId) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `${BASE}/audit?serviceId=${serviceId}`,
          headers: paHeaders(),
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ entries: [] });
      }),
      { numRuns: 4 },
    );
  });

  it("the board stream's snapshot carries its own services and no PR id", async () => {
    const query = new URLSearchParams({ key: t.config.appKey, token: paToken });
    const stream = await openStream(`${baseUrl}${BASE}/board/events?${query.toString()}`);
    try {
      expect(stream.status).toBe(200);
      const snapshot = await stream.next();
      expect(snapshot.event).toBe('snapshot');
      const body = JSON.stringify(snapshot.data);
      expect(body).toContain(paServiceId);
      expect(carriesPr(body)).toEqual([]);
    } finally {
      stream.close();
    }
  });
});
