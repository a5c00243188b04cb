import {
  publicSuggestionPoint,
  ApiErrorSchema,
  DriverByIdResponseSchema,
  DriverListResponseSchema,
  DriverLocationResponseSchema,
  ServiceRequestResponseSchema,
  SuggestionResponseSchema,
  type ServiceRequestPayloadInput,
} from '@auxilio/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { dispatchOffers, drivers, serviceEvents, services } from '../src/db/schema.ts';
import { assignNextQueued, rankDriversByEta } from '../src/services/dispatch.ts';
import { issueDriverToken } from '../src/services/driver-app.ts';
import { dispatchTick } from '../src/services/dispatch/engine.ts';
import {
  createDriverSimulator,
  SIMULATOR_TIMING,
  simulatedDriverToken,
} from '../src/services/driver-simulator.ts';
import { estimateRoute } from '../src/services/estimate-router.ts';
import { hashServiceToken } from '../src/services/service-tokens.ts';
import { firstPrAccount, servicePayload } from './support/service-request-payload.ts';
import { createTestApp, PRODUCTION_DEMO, type TestApp } from './helpers.ts';
import { postCancellation, postServiceRequest, serviceRow } from './support/journey-service.ts';

// ARCHITECTURE decisions 7 (estimate router) and 8 (dispatch, driver app, simulator); SPEC 5
// suggestions rules; SPEC 4 trip statuses. Assertions read the database.

let t: TestApp;
let appKey: Record<string, string>;
let accountId: string;

/** A spot in San Juan, away from the seeded drivers' anchors by a few km at most. */
const SITUATION = { lat: 18.4655, lng: -66.1057 };

beforeAll(async () => {
  t = await createTestApp({ config: { driverSimulator: false } });
  appKey = { 'x-api-key': t.config.appKey };
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  await t.close();
});

/** Every test starts with no queued or active service and every busy PR driver free. */
beforeEach(async () => {
  await t.db.db
    .update(services)
    .set({ status: 'Void', statusNumber: 7 })
    .where(inArray(services.status, ['Queued', 'Active']));
  await t.db.db
    .update(drivers)
    .set({ status: 'available', pendingSituation: null })
    .where(and(eq(drivers.branch, 'PR'), eq(drivers.status, 'busy')));
});

function payload(overrides: Partial<ServiceRequestPayloadInput> = {}): ServiceRequestPayloadInput {
  return servicePayload(accountId, {
    sitLatitude: SITUATION.lat,
    sitLongitude: SITUATION.lng,
    ...overrides,
  });
}

async function createService(overrides: Partial<ServiceRequestPayloadInput> = {}) {
  const res = await postServiceRequest(t, payload(overrides));
  expect(res.statusCode).toBe(201);
  return ServiceRequestResponseSchema.parse(res.json());
}

/** The value, or a thrown error when it is missing (tests read rows that must exist). */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

const driverRow = async (id: string) =>
  (await t.db.db.select().from(drivers).where(eq(drivers.id, id)))[0];
const eventTypes = async (id: string) =>
  (
    await t.db.db
      .select()
      .from(serviceEvents)
      .where(eq(serviceEvents.serviceId, id))
      .orderBy(asc(serviceEvents.seq))
  ).map((e) => e.type);

function suggestionCall(lat: number, lng: number) {
  return {
    request: {
      branch: 'PR',
      account: accountId,
      situation: 'flatTire',
      route: {
        situation: { latitude: lat, longitude: lng, address: 'Calle Luna 5' },
        destination: null,
      },
    },
  };
}

describe('estimateRoute (ARCHITECTURE 7: straight line x detour factor, speed model, approximate)', () => {
  it('is longer than the straight line, marked approximate, and grows with distance', () => {
    const near = estimateRoute(SITUATION, { lat: 18.47, lng: -66.1 });
    const far = estimateRoute(SITUATION, { lat: 18.2, lng: -66.5 });
    expect(near.approximate).toBe(true);
    expect(near.path).toEqual([SITUATION, { lat: 18.47, lng: -66.1 }]);
    expect(near.distanceMeters).toBeGreaterThan(700);
    expect(far.etaSeconds).toBeGreaterThan(near.etaSeconds);
    expect(far.distanceMeters).toBeGreaterThan(near.distanceMeters);
  });
});

describe('rankDriversByEta', () => {
  it('SPEC 5 "At most 500 suggested drivers are used": 600 candidates give the 500 nearest', () => {
    const candidates = Array.from({ length: 600 }, (_, i) => ({
      id: `d-${String(i).padStart(3, '0')}`,
      // Farther for larger i.
      lastLat: SITUATION.lat + (600 - i) * 0.001,
      lastLng: SITUATION.lng,
    })).reverse();
    const ranked = rankDriversByEta(SITUATION, candidates);
    expect(ranked).toHaveLength(500);
    expect(ranked[0]?._id).toBe('d-599');
    expect(ranked.at(-1)?._id).toBe('d-100');
    for (let i = 1; i < ranked.length; i += 1) {
      expect(must(ranked[i]).eta).toBeGreaterThanOrEqual(must(ranked[i - 1]).eta);
    }
  });

  it('leaves out drivers without a position', () => {
    expect(rankDriversByEta(SITUATION, [{ id: 'x', lastLat: null, lastLng: null }])).toEqual([]);
  });
});

describe('POST /autodispatch/api/suggestions', () => {
  it('decision 418: the public key gets the nearest 5, coarse, under ids new on every call', async () => {
    const call = async (point = SITUATION) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/autodispatch/api/suggestions',
        headers: appKey,
        payload: suggestionCall(point.lat, point.lng),
      });
      expect(res.statusCode).toBe(200);
      return SuggestionResponseSchema.parse(res.json()).drivers;
    };
    const first = await call();
    // Another point of the same grid cell: the same answer, so no walk finds a step's edge.
    const cell = publicSuggestionPoint(SITUATION);
    const second = await call({ lat: cell.lat + 0.002, lng: cell.lng - 0.002 });
    const rows = await t.db.db.select().from(drivers).where(eq(drivers.branch, 'PR'));
    // What dispatch itself ranks: every available PR driver, exact figures.
    const exact = rankDriversByEta(
      cell,
      rows.filter((r) => r.status === 'available'),
    );
    expect(exact.length).toBeGreaterThan(5);
    expect(first).toHaveLength(5);
    const driverIds = new Set(rows.map((r) => r.id));
    const shownIds = [...first, ...second].map((d) => d._id);
    expect(shownIds.filter((id) => driverIds.has(id))).toEqual([]);
    expect(new Set(shownIds).size).toBe(10);
    first.forEach((shown, i) => {
      const truth = must(exact[i]);
      expect(shown.eta % 60).toBe(0);
      expect(shown.eta).toBeGreaterThanOrEqual(truth.eta);
      expect(shown.eta - truth.eta).toBeLessThan(60);
      expect(shown.distance % 500).toBe(0);
      expect(Math.abs(shown.distance - truth.distance)).toBeLessThanOrEqual(
        Math.max(250, 500 - truth.distance),
      );
    });
    expect(second.map(({ eta, distance }) => ({ eta, distance }))).toEqual(
      first.map(({ eta, distance }) => ({ eta, distance })),
    );
  });

  it('SPEC 5 "returns no drivers ... when situation lat and lng are both 0"', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/autodispatch/api/suggestions',
      headers: appKey,
      payload: suggestionCall(0, 0),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ drivers: [] });
  });

  it('needs the app key (ARCHITECTURE 9)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/autodispatch/api/suggestions',
      payload: suggestionCall(SITUATION.lat, SITUATION.lng),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('drivers endpoints (SPEC 7)', () => {
  /** Decision 415: what no public driver card may carry. */
  const PRIVATE_FIELDS = ['phone', 'email', 'lat', 'lng', 'pendingSituation', 'inspectorId'];

  it('GET /common/api/v1/drivers lists all 65 drivers as public cards: no token, phone or position', async () => {
    const [someone] = await t.db.db.select().from(drivers).limit(1);
    await issueDriverToken(t.app.repositories, must(someone).id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/common/api/v1/drivers',
      headers: appKey,
    });
    expect(res.statusCode).toBe(200);
    const list = DriverListResponseSchema.parse(res.json());
    expect(list).toHaveLength(65);
    expect(res.body).not.toMatch(/token/i);
    const raw = res.json<Record<string, unknown>[]>();
    for (const driver of raw) {
      for (const field of PRIVATE_FIELDS) expect(driver).not.toHaveProperty(field);
    }
    expect(res.body).not.toContain(must(someone).phone);
    expect(raw.find((driver) => driver._id === must(someone).id)).toMatchObject({
      name: must(someone).name,
      vehicleType: must(someone).vehicleType,
    });
  });

  it('GET /common/providers/drivers/driverById/:id reads employeeImage and vehicleImage, never the phone or position', async () => {
    const [row] = await t.db.db.select().from(drivers).orderBy(asc(drivers.id)).limit(1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/common/providers/drivers/driverById/${must(row).id}`,
      headers: appKey,
    });
    expect(res.statusCode).toBe(200);
    const driver = DriverByIdResponseSchema.parse(res.json());
    expect(driver._id).toBe(must(row).id);
    expect(driver.name).toBe(must(row).name);
    expect(driver.employeeImage).toMatch(/^\/common\/media\//);
    expect(driver.vehicleImage).toMatch(/^\/common\/media\//);
    for (const field of PRIVATE_FIELDS) expect(res.json()).not.toHaveProperty(field);

    const missing = await t.app.inject({
      method: 'GET',
      url: '/common/providers/drivers/driverById/nobody',
      headers: appKey,
    });
    expect(missing.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(missing.json()).code).toBe('NOT_FOUND');
  });

  it('.../location answers only the token of an Active service the driver serves (decision 415)', async () => {
    const served = await createService();
    const outcome = must(await assignNextQueued(t.app.repositories));
    expect(outcome.service.id).toBe(served.serviceId);
    const driverId = must(outcome.service.driverId);
    const url = `/common/providers/drivers/driverById/${driverId}/location`;
    const bearer = (token: string) => ({ ...appKey, authorization: `Bearer ${token}` });

    const location = await t.app.inject({ method: 'GET', url, headers: bearer(served.token) });
    expect(location.statusCode, location.body).toBe(200);
    const row = must(await driverRow(driverId));
    expect(DriverLocationResponseSchema.parse(location.json()).data).toMatchObject({
      lat: row.lastLat,
      lng: row.lastLng,
      heading: row.lastHeading,
    });

    const withoutToken = await t.app.inject({ method: 'GET', url, headers: appKey });
    expect(withoutToken.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(withoutToken.json()).code).toBe('UNAUTHORIZED');

    // Another service's token, the token on a driver that does not exist, and the same token on
    // another (existing) driver: one and the same 403, so neither drivers nor tokens can be probed.
    const other = await createService();
    const [stranger] = await t.db.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.branch, 'PR'), ne(drivers.id, driverId)))
      .limit(1);
    const refusals = [
      await t.app.inject({ method: 'GET', url, headers: bearer(other.token) }),
      await t.app.inject({
        method: 'GET',
        url: '/common/providers/drivers/driverById/nobody/location',
        headers: bearer(served.token),
      }),
      await t.app.inject({
        method: 'GET',
        url: `/common/providers/drivers/driverById/${must(stranger).id}/location`,
        headers: bearer(served.token),
      }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refusals[0]?.json());
      expect(ApiErrorSchema.parse(res.json()).code).toBe('FORBIDDEN');
    }

    // Once the service has ended, its token no longer follows the driver.
    await t.db.db
      .update(services)
      .set({ status: 'Finished', statusNumber: 6 })
      .where(eq(services.id, served.serviceId));
    const ended = await t.app.inject({ method: 'GET', url, headers: bearer(served.token) });
    expect(ended.statusCode).toBe(403);
  });
});

/** Puts one available driver right at the situation so it is the nearest by ETA. */
async function placeDriverAtSituation(): Promise<string> {
  const [row] = await t.db.db
    .select()
    .from(drivers)
    .where(and(eq(drivers.branch, 'PR'), eq(drivers.status, 'available')))
    .orderBy(asc(drivers.id))
    .limit(1);
  await t.db.db
    .update(drivers)
    .set({ lastLat: SITUATION.lat + 0.0005, lastLng: SITUATION.lng })
    .where(eq(drivers.id, must(row).id));
  return must(row).id;
}

describe('assignNextQueued (ARCHITECTURE 8)', () => {
  it('assigns the nearest available driver by ETA and writes status/trip/driver/eta events', async () => {
    const nearest = await placeDriverAtSituation();
    // A busy driver even closer is skipped.
    const [busy] = await t.db.db
      .select()
      .from(drivers)
      .where(and(eq(drivers.branch, 'PR'), eq(drivers.status, 'available')))
      .orderBy(asc(drivers.id))
      .offset(1)
      .limit(1);
    await t.db.db
      .update(drivers)
      .set({ status: 'busy', lastLat: SITUATION.lat, lastLng: SITUATION.lng })
      .where(eq(drivers.id, must(busy).id));

    const { serviceId } = await createService();
    const outcome = await assignNextQueued(t.app.repositories);
    expect(outcome?.service.id).toBe(serviceId);

    const row = await serviceRow(t, serviceId);
    expect(row).toMatchObject({
      driverId: nearest,
      status: 'Active',
      statusNumber: 2,
      tripStatus: 'ACCEPTED',
    });
    expect(row?.simulatedEtaSeconds).toBeGreaterThan(0);
    expect(row?.tripStamps.ACCEPTED).toBeTruthy();
    expect((await driverRow(nearest))?.status).toBe('busy');
    expect(await eventTypes(serviceId)).toEqual(['created', 'status', 'trip', 'driver', 'eta']);

    // Nothing else is queued.
    expect(await assignNextQueued(t.app.repositories)).toBeUndefined();
  });
});

describe('driver app API', () => {
  async function assigned() {
    await placeDriverAtSituation();
    const { serviceId } = await createService();
    await assignNextQueued(t.app.repositories);
    const driverId = (await serviceRow(t, serviceId))?.driverId;
    if (!driverId) throw new Error('no driver was assigned');
    const token = await issueDriverToken(t.app.repositories, driverId);
    return { driverId, serviceId, auth: { ...appKey, authorization: `Bearer ${token}` } };
  }

  const tripStatus = (serviceId: string, status: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/common/api/v1/driver-app/services/${serviceId}/trip-status`,
      headers,
      payload: { status },
    });

  it('stores only the token hash; 401 without or with an unknown token', async () => {
    const { driverId, serviceId } = await assigned();
    const token = await issueDriverToken(t.app.repositories, driverId);
    expect(token.length).toBeGreaterThanOrEqual(22);
    const row = await driverRow(driverId);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);

    expect((await tripStatus(serviceId, 'ON_ROUTE', appKey)).statusCode).toBe(401);
    const unknown = { ...appKey, authorization: `Bearer ${'x'.repeat(43)}` };
    expect((await tripStatus(serviceId, 'ON_ROUTE', unknown)).statusCode).toBe(401);
  });

  it("403 when a driver touches another driver's service", async () => {
    const { serviceId } = await assigned();
    const [other] = await t.db.db.select().from(drivers).where(eq(drivers.branch, 'CR')).limit(1);
    const otherToken = await issueDriverToken(t.app.repositories, must(other).id);
    const res = await tripStatus(serviceId, 'ON_ROUTE', {
      ...appKey,
      authorization: `Bearer ${otherToken}`,
    });
    expect(res.statusCode).toBe(403);
    expect((await serviceRow(t, serviceId))?.tripStatus).toBe('ACCEPTED');
  });

  it('SPEC 4 "a lower rank never replaces the current one"; FINISHED finishes and frees the driver', async () => {
    const { driverId, serviceId, auth } = await assigned();
    const accept = await t.app.inject({
      method: 'POST',
      url: `/common/api/v1/driver-app/services/${serviceId}/accept`,
      headers: auth,
    });
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toMatchObject({ tripStatus: 'ACCEPTED', changed: false });

    const arrived = await tripStatus(serviceId, 'ARRIVED', auth);
    expect(arrived.json()).toMatchObject({ tripStatus: 'ARRIVED', statusNumber: 4, changed: true });

    const lower = await tripStatus(serviceId, 'ON_ROUTE', auth);
    expect(lower.statusCode).toBe(409); // decision 256
    expect((await serviceRow(t, serviceId))?.tripStatus).toBe('ARRIVED');

    const finished = await tripStatus(serviceId, 'FINISHED', auth);
    expect(finished.json()).toMatchObject({ status: 'Finished', statusNumber: 6 });
    const row = await serviceRow(t, serviceId);
    expect(row?.status).toBe('Finished');
    expect(row?.endDate).toBeInstanceOf(Date);
    expect((await driverRow(driverId))?.status).toBe('available');
    expect((await tripStatus(serviceId, 'FINISHED', auth)).statusCode).toBe(409);
  });

  it('position updates the driver and appends one position event to the active service', async () => {
    const { driverId, serviceId, auth } = await assigned();
    const before = (await eventTypes(serviceId)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/common/api/v1/driver-app/position',
      headers: auth,
      payload: { lat: 18.46, lng: -66.1, heading: 90, accuracy: 5 },
    });
    expect(res.json()).toEqual({ accepted: true, serviceId });
    const types = await eventTypes(serviceId);
    expect(types).toHaveLength(before + 1);
    expect(types.at(-1)).toBe('position');
    expect(await driverRow(driverId)).toMatchObject({ lastLat: 18.46, lastLng: -66.1 });

    // SPEC 5 "accuracy is 20 m or better": a 50 m fix is ignored.
    const rough = await t.app.inject({
      method: 'POST',
      url: '/common/api/v1/driver-app/position',
      headers: auth,
      payload: { lat: 18.1, lng: -66.2, accuracy: 50 },
    });
    expect(rough.json()).toEqual({ accepted: false, serviceId: null });
    expect((await driverRow(driverId))?.lastLat).toBe(18.46);
  });
});

describe('driver simulator (ARCHITECTURE 8)', () => {
  /** The simulator is a client of the listening API (decision 760); the engine ticks with it. */
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Nobody signed in on a phone: every driver is left to the simulator.
    await t.db.db.update(drivers).set({ tokenHash: null });
  });
  function simulated(clock: () => number) {
    const simulator = createDriverSimulator(t.app.repositories, {
      baseUrl,
      appKey: t.config.appKey,
      tokenKey: t.app.serverKeys.simulatedDriver,
      now: () => new Date(clock()),
    });
    return {
      step: async () => {
        await dispatchTick(t.app.repositories, { clock: () => new Date(clock()) });
        await simulator.step();
      },
      stop: () => simulator.stop(),
    };
  }

  it('leaves a new request queued for SIMULATOR_TIMING.assignAfter seconds, as a real one waits (decision 741)', async () => {
    const { serviceId } = await createService();
    const createdAt = must(await serviceRow(t, serviceId)).createdAt.getTime();
    let clock = createdAt;
    const simulator = simulated(() => clock);
    // The loading screen's push offer comes 5 s after it opens: the request is still queued then.
    expect(SIMULATOR_TIMING.assignAfter).toBeGreaterThan(5);
    // The engine offers the request at once; the simulated driver holds the offer.
    await simulator.step();
    clock = createdAt + (SIMULATOR_TIMING.assignAfter - 1) * 1000;
    await simulator.step();
    expect(await serviceRow(t, serviceId)).toMatchObject({ status: 'Queued', driverId: null });
    clock = createdAt + SIMULATOR_TIMING.assignAfter * 1000;
    await simulator.step();
    expect(await serviceRow(t, serviceId)).toMatchObject({
      status: 'Active',
      tripStatus: 'ACCEPTED',
    });
    await simulator.stop();
  });

  it('leaves a driver signed in on a phone alone: his offer waits for him and his token works', async () => {
    const { serviceId } = await createService();
    const createdAt = must(await serviceRow(t, serviceId)).createdAt.getTime();
    await dispatchTick(t.app.repositories, { clock: () => new Date(createdAt) });
    const [offer] = await t.db.db
      .select()
      .from(dispatchOffers)
      .where(and(eq(dispatchOffers.serviceId, serviceId), eq(dispatchOffers.state, 'pending')));
    const driverId = must(offer).driverId;
    // Signed in as POST /driver-app/session does.
    const token = await issueDriverToken(t.app.repositories, driverId);
    const tokenHash = (await driverRow(driverId))?.tokenHash;
    const clock = createdAt + (SIMULATOR_TIMING.assignAfter + SIMULATOR_TIMING.acceptAfter) * 1000;
    const simulator = simulated(() => clock);
    await simulator.step();
    await simulator.step();
    expect(await serviceRow(t, serviceId)).toMatchObject({ status: 'Queued', driverId: null });
    expect((await driverRow(driverId))?.tokenHash).toBe(tokenHash);
    const me = await t.app.inject({
      method: 'GET',
      url: '/common/api/v1/driver-app/me',
      headers: { ...appKey, authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ offer: { id: must(offer).id, serviceId } });

    // Signed out (no token): the simulator takes the driver over with a token of its own.
    await t.db.db.update(drivers).set({ tokenHash: null }).where(eq(drivers.id, driverId));
    await simulator.step();
    expect(await serviceRow(t, serviceId)).toMatchObject({ status: 'Active', driverId });
    // Derived from the server secret: another process, or the next start, computes the same.
    const own = simulatedDriverToken(t.app.serverKeys.simulatedDriver, driverId);
    expect((await driverRow(driverId))?.tokenHash).toBe(hashServiceToken(own));
    await simulator.stop();
  });

  it.each([
    ['flatTire', ['ACCEPTED', 'ON_ROUTE', 'ARRIVED', 'FINISHED']],
    ['towBreakdown', ['ACCEPTED', 'ON_ROUTE', 'ARRIVED', 'TOWED', 'FINISHED']],
  ] as const)(
    'drives a %s service to FINISHED within about two minutes',
    async (situation, trips) => {
      let clock = Date.now();
      const simulator = simulated(() => clock);
      const { serviceId } = await createService({ situation });
      let steps = 0;
      while ((await serviceRow(t, serviceId))?.status !== 'Finished' && steps < 200) {
        await simulator.step();
        clock += 1000;
        steps += 1;
      }
      const row = await serviceRow(t, serviceId);
      expect(row?.status).toBe('Finished');
      expect(steps).toBeLessThanOrEqual(130);
      const tripEvents = await t.db.db
        .select()
        .from(serviceEvents)
        .where(and(eq(serviceEvents.serviceId, serviceId), eq(serviceEvents.type, 'trip')))
        .orderBy(asc(serviceEvents.seq));
      expect(tripEvents.map((e) => e.payload.status)).toEqual(trips);
      expect(await eventTypes(serviceId)).toContain('position');
      expect((await driverRow(must(row?.driverId)))?.status).toBe('available');
      await simulator.stop();
    },
  );
});

describe('DRIVER_SIMULATOR', () => {
  it.each([
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'test' }, false],
    [{ NODE_ENV: 'test', DRIVER_SIMULATOR: 'true' }, true],
    [{ NODE_ENV: 'production', DRIVER_SIMULATOR: 'false', ...PRODUCTION_DEMO }, false],
  ])('%j gives driverSimulator %s (decision 232: on by default, off in tests)', (env, on) => {
    expect(loadConfig(env).driverSimulator).toBe(on);
  });
});

describe('cancelling a service with a driver (POST /common/services/holdEdit)', () => {
  it('frees the driver of a service voided while Active, and nobody else', async () => {
    await placeDriverAtSituation();
    const { serviceId, token } = await createService();
    await assignNextQueued(t.app.repositories);
    const driverId = must((await serviceRow(t, serviceId))?.driverId);
    const seededBusy = await t.db.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(eq(drivers.status, 'busy'));
    const res = await postCancellation(t, serviceId, token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await serviceRow(t, serviceId))?.status).toBe('Void');
    expect((await driverRow(driverId))?.status).toBe('available');
    const stillBusy = await t.db.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(eq(drivers.status, 'busy'));
    expect(seededBusy.length).toBeGreaterThan(1);
    expect(stillBusy.map((d) => d.id).sort()).toEqual(
      seededBusy
        .map((d) => d.id)
        .filter((id) => id !== driverId)
        .sort(),
    );
  });
});
