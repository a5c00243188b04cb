import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dispatchOffers, drivers, serviceEvents, services } from '../src/db/schema.ts';
import { dispatchTick } from '../src/services/dispatch/engine.ts';
import { issueDriverToken } from '../src/services/driver-app.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createService, postCancellation } from './support/journey-service.ts';
import { firstPrAccount } from './support/service-request-payload.ts';

// The dispatch engine (docs/decisions/760): offers one driver at a time, nearest first; answers,
// timeouts, retries, schedules and giving back, as the database and the driver's API show them.

let t: TestApp;
let accountId: string;
/** Three PR road drivers, nearest first from SITUATION, with their bearer headers. */
let fleet: { id: string; headers: Record<string, string> }[];

const SITUATION = { lat: 18.4655, lng: -66.1057 };

beforeAll(async () => {
  t = await createTestApp({ config: { driverSimulator: false, dispatchEngine: false } });
  accountId = await firstPrAccount(t.db);
  const road = await t.db.db
    .select()
    .from(drivers)
    .where(
      and(eq(drivers.branch, 'PR'), inArray(drivers.vehicleType, ['tow_truck', 'service_car'])),
    )
    .orderBy(asc(drivers.id))
    .limit(3);
  fleet = [];
  for (const driver of road) {
    const token = await issueDriverToken(t.app.repositories, driver.id);
    fleet.push({
      id: driver.id,
      headers: { 'x-api-key': t.config.appKey, authorization: `Bearer ${token}` },
    });
  }
});
afterAll(async () => {
  await t.close();
});

/** No open service; only the fleet online, free, 1, 2 and 3 km from the situation. */
beforeEach(async () => {
  await t.db.db
    .update(services)
    .set({ status: 'Void', statusNumber: 7, dispatchAt: null })
    .where(inArray(services.status, ['Queued', 'Active']));
  await t.db.db
    .update(dispatchOffers)
    .set({ state: 'withdrawn' })
    .where(eq(dispatchOffers.state, 'pending'));
  await t.db.db.update(drivers).set({ online: false }).where(eq(drivers.branch, 'PR'));
  for (const [index, driver] of fleet.entries()) {
    await t.db.db
      .update(drivers)
      .set({
        online: true,
        status: 'available',
        pendingSituation: null,
        lastLat: SITUATION.lat + 0.01 * (index + 1),
        lastLng: SITUATION.lng,
      })
      .where(eq(drivers.id, driver.id));
  }
});

const tick = (at: number = Date.now()) =>
  dispatchTick(t.app.repositories, { clock: () => new Date(at) });

function driverCall(
  driver: { headers: Record<string, string> },
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({
    method,
    url: `/common/api/v1/driver-app${path}`,
    headers: driver.headers,
    ...(payload ? { payload } : {}),
  });
}

async function me(driver: { headers: Record<string, string> }) {
  const res = await driverCall(driver, 'GET', '/me');
  expect(res.statusCode).toBe(200);
  return res.json<{
    version: string;
    driver: { online: boolean; busy: boolean };
    offer: { id: string; serviceId: string; expiresAt: string } | null;
    trip: { serviceId: string; tripStatus: string } | null;
  }>();
}

async function history(serviceId: string) {
  return t.db.db
    .select({ type: serviceEvents.type, payload: serviceEvents.payload })
    .from(serviceEvents)
    .where(eq(serviceEvents.serviceId, serviceId))
    .orderBy(asc(serviceEvents.seq));
}

async function serviceOf(id: string) {
  const [row] = await t.db.db.select().from(services).where(eq(services.id, id));
  if (!row) throw new Error(`no service ${id}`);
  return row;
}

const request = (overrides = {}) =>
  createService(t, accountId, {
    sitLatitude: SITUATION.lat,
    sitLongitude: SITUATION.lng,
    ...overrides,
  });

describe('dispatch engine', () => {
  it('offers the nearest driver; accepting assigns, with the events the customer screens follow', async () => {
    const created = await request();
    const ticked = await tick();
    expect(ticked.offered).toBe(1);
    const [nearest, second] = fleet;
    if (!nearest || !second) throw new Error('fleet');
    const offer = (await me(nearest)).offer;
    expect(offer?.serviceId).toBe(created.id);
    expect((await me(second)).offer).toBeNull();
    // The offer gives the driver 20 s (DISPATCH_OFFER_SECONDS).
    const offeredAt = Date.parse((await history(created.id)).at(-1)?.payload['at'] as string);
    expect(Date.parse(offer?.expiresAt ?? '') - offeredAt).toBe(20_000);

    const accepted = await driverCall(nearest, 'POST', `/offers/${offer?.id ?? ''}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      offer: null,
      driver: { busy: true },
      trip: { serviceId: created.id, tripStatus: 'ACCEPTED' },
    });
    const service = await serviceOf(created.id);
    expect(service).toMatchObject({
      status: 'Active',
      driverId: nearest.id,
      tripStatus: 'ACCEPTED',
    });
    const events = await history(created.id);
    expect(
      events.map((e) => (e.type === 'dispatch' ? `dispatch:${String(e.payload['step'])}` : e.type)),
    ).toEqual([
      'created',
      'dispatch:offered',
      'status',
      'trip',
      'driver',
      'eta',
      'dispatch:assigned',
    ]);
    // The offered event names the driver by id only (the customer's token reads it).
    expect(Object.keys(events[1]?.payload ?? {}).sort()).toEqual(['at', 'driverId', 'step']);
    // Answering twice is a conflict.
    const again = await driverCall(nearest, 'POST', `/offers/${offer?.id ?? ''}/accept`);
    expect(again.statusCode).toBe(409);
    // Another driver's offer is not found for this one.
    const foreign = await driverCall(second, 'POST', `/offers/${offer?.id ?? ''}/reject`);
    expect(foreign.statusCode).toBe(404);
  });

  it('offers the next driver after a rejection, never the one who said no', async () => {
    const created = await request();
    await tick();
    const [nearest, second] = fleet;
    if (!nearest || !second) throw new Error('fleet');
    const offer = (await me(nearest)).offer;
    const rejected = await driverCall(nearest, 'POST', `/offers/${offer?.id ?? ''}/reject`);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ offer: null });
    await tick();
    expect((await me(second)).offer?.serviceId).toBe(created.id);
    expect((await me(nearest)).offer).toBeNull();
  });

  it('moves on to the next driver when an offer times out (fake clock)', async () => {
    const created = await request();
    const start = Date.now();
    await tick(start);
    const [nearest, second] = fleet;
    if (!nearest || !second) throw new Error('fleet');
    expect((await me(nearest)).offer?.serviceId).toBe(created.id);
    // 19 s later the offer still stands.
    expect((await tick(start + 19_000)).expired).toBe(0);
    expect((await me(nearest)).offer?.serviceId).toBe(created.id);
    const later = await tick(start + 21_000);
    expect(later).toMatchObject({ expired: 1, offered: 1 });
    expect((await me(nearest)).offer).toBeNull();
    expect((await me(second)).offer?.serviceId).toBe(created.id);
    const steps = (await history(created.id))
      .filter((e) => e.type === 'dispatch')
      .map((e) => e.payload['step']);
    expect(steps).toEqual(['offered', 'timed_out', 'offered']);
  });

  it('keeps a request queued while nobody is online, retrying with a backoff, and offers it once a driver goes online', async () => {
    await t.db.db.update(drivers).set({ online: false }).where(eq(drivers.branch, 'PR'));
    const created = await request();
    const start = Date.now();
    expect(await tick(start)).toMatchObject({ offered: 0, waiting: 1 });
    const first = await serviceOf(created.id);
    expect(first.status).toBe('Queued');
    expect(first.dispatchAt?.getTime()).toBe(start + 5_000);
    // Not due before the backoff; retried after it, the wait doubling, one `queued` event only.
    expect(await tick(start + 4_000)).toMatchObject({ waiting: 0 });
    expect(await tick(start + 5_000)).toMatchObject({ waiting: 1 });
    expect((await serviceOf(created.id)).dispatchAt?.getTime()).toBe(start + 15_000);
    const steps = (await history(created.id))
      .filter((e) => e.type === 'dispatch')
      .map((e) => e.payload['step']);
    expect(steps).toEqual(['queued']);

    const [nearest] = fleet;
    if (!nearest) throw new Error('fleet');
    const online = await driverCall(nearest, 'POST', '/online', { online: true });
    expect(online.statusCode).toBe(200);
    expect(online.json()).toMatchObject({ driver: { online: true }, offer: null });
    // Still inside the backoff: a driver going online is offered it at the next tick that is due.
    await t.db.db
      .update(services)
      .set({ dispatchAt: new Date(start + 5_000) })
      .where(eq(services.id, created.id));
    await tick(start + 6_000);
    expect((await me(nearest)).offer?.serviceId).toBe(created.id);
  });

  it('offers a scheduled service only 30 minutes before its time (fake clock)', async () => {
    const schedule = new Date(Date.now() + 3 * 3600_000);
    const created = await request({ schedule: schedule.toISOString() });
    expect((await serviceOf(created.id)).dispatchAt?.getTime()).toBe(
      schedule.getTime() - 30 * 60_000,
    );
    expect(await tick(schedule.getTime() - 31 * 60_000)).toMatchObject({ offered: 0, waiting: 0 });
    expect(await tick(schedule.getTime() - 29 * 60_000)).toMatchObject({ offered: 1 });
  });

  it('re-dispatches a service its driver gives back to another driver; the customer sees it queued again', async () => {
    const created = await request();
    await tick();
    const [nearest, second] = fleet;
    if (!nearest || !second) throw new Error('fleet');
    const offer = (await me(nearest)).offer;
    await driverCall(nearest, 'POST', `/offers/${offer?.id ?? ''}/accept`);
    const cancelled = await driverCall(nearest, 'POST', `/services/${created.id}/cancel`, {
      reason: 'Pinchazo',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ trip: null, driver: { busy: false } });
    const service = await serviceOf(created.id);
    expect(service).toMatchObject({
      status: 'Queued',
      statusNumber: 1,
      driverId: null,
      tripStatus: 'NEW',
    });
    const tail = (await history(created.id)).slice(-3);
    expect(
      tail.map((e) => [
        e.type,
        e.payload['status'] ?? e.payload['step'],
        e.payload['statusNumber'],
      ]),
    ).toEqual([
      ['status', 'Queued', 8],
      ['dispatch', 'driver_cancelled', undefined],
      ['status', 'Queued', 1],
    ]);
    await tick();
    expect((await me(nearest)).offer).toBeNull();
    const next = (await me(second)).offer;
    expect(next?.serviceId).toBe(created.id);
    await driverCall(second, 'POST', `/offers/${next?.id ?? ''}/accept`);
    expect(await serviceOf(created.id)).toMatchObject({ status: 'Active', driverId: second.id });
    // Only the driver working it may give it back.
    const foreign = await driverCall(nearest, 'POST', `/services/${created.id}/cancel`, {});
    expect(foreign.statusCode).toBe(403);
  });

  it('withdraws the pending offer when the customer cancels', async () => {
    const created = await request();
    await tick();
    const [nearest] = fleet;
    if (!nearest) throw new Error('fleet');
    const offer = (await me(nearest)).offer;
    expect(offer?.serviceId).toBe(created.id);
    const res = await postCancellation(t, created.id, created.token);
    expect(res.statusCode).toBe(200);
    expect((await me(nearest)).offer).toBeNull();
    const [row] = await t.db.db
      .select()
      .from(dispatchOffers)
      .where(eq(dispatchOffers.id, offer?.id ?? ''));
    expect(row?.state).toBe('withdrawn');
    const late = await driverCall(nearest, 'POST', `/offers/${offer?.id ?? ''}/accept`);
    expect(late.statusCode).toBe(409);
    expect((await serviceOf(created.id)).status).toBe('Void');
  });

  it('going offline rejects the pending offer; a tow is offered only to a tow vehicle', async () => {
    const created = await request({ situation: 'towBreakdown' });
    await tick();
    const offered = await t.db.db
      .select({ driverId: dispatchOffers.driverId, vehicle: drivers.vehicleType })
      .from(dispatchOffers)
      .innerJoin(drivers, eq(drivers.id, dispatchOffers.driverId))
      .where(and(eq(dispatchOffers.serviceId, created.id), ne(dispatchOffers.state, 'withdrawn')));
    expect(offered).toHaveLength(1);
    expect(['tow_truck', 'flatbed']).toContain(offered[0]?.vehicle);
    const holder = fleet.find((d) => d.id === offered[0]?.driverId);
    if (!holder) throw new Error('holder');
    const off = await driverCall(holder, 'POST', '/online', { online: false });
    expect(off.json()).toMatchObject({ driver: { online: false }, offer: null });
    const [row] = await t.db.db
      .select({ state: dispatchOffers.state })
      .from(dispatchOffers)
      .where(eq(dispatchOffers.serviceId, created.id));
    expect(row?.state).toBe('rejected');
  });

  it('GET /me long-polls: answers when an offer arrives', async () => {
    const [nearest] = fleet;
    if (!nearest) throw new Error('fleet');
    const before = await me(nearest);
    const started = Date.now();
    const polled = driverCall(nearest, 'GET', `/me?wait=10&version=${before.version}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await request();
    await tick();
    const res = await polled;
    expect(res.statusCode).toBe(200);
    expect(res.json<{ offer: unknown }>().offer).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(8_000);
    // Unchanged state and a short wait: the same version after the wait.
    const same = await me(nearest);
    const waited = await driverCall(nearest, 'GET', `/me?wait=1&version=${same.version}`);
    expect(waited.json<{ version: string }>().version).toBe(same.version);
  });

  it('stores batched positions once: a batch sent again is ignored', async () => {
    const [nearest] = fleet;
    if (!nearest) throw new Error('fleet');
    const base = Date.now() - 10_000;
    const positions = [0, 1, 2].map((i) => ({
      lat: SITUATION.lat + i * 0.001,
      lng: SITUATION.lng,
      accuracy: 5,
      at: new Date(base + i * 1000).toISOString(),
    }));
    const first = await driverCall(nearest, 'POST', '/positions', { positions });
    expect(first.json()).toMatchObject({ accepted: 3, lastPositionAt: positions[2]?.at });
    const again = await driverCall(nearest, 'POST', '/positions', { positions });
    expect(again.json()).toMatchObject({ accepted: 0, lastPositionAt: positions[2]?.at });
    const bad = await driverCall(nearest, 'POST', '/positions', { positions: [] });
    expect(bad.statusCode).toBe(400);
  });
});
