import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatchOffers, drivers } from '../src/db/schema.ts';
import {
  dispatchStepsOf,
  historyOf,
  serviceOf as serviceRowOf,
  useDispatchFleet,
  type FleetDriver,
} from './support/dispatch-fleet.ts';
import { postCancellation } from './support/journey-service.ts';

// The dispatch engine (docs/decisions/760): offers one driver at a time, nearest first; answers,
// timeouts, retries, schedules and giving back, as the database and the driver's API show them.

const suite = useDispatchFleet();
const { tick, driverCall, me, request } = suite;
const history = (serviceId: string) => historyOf(suite.t, serviceId);
const serviceOf = (id: string) => serviceRowOf(suite.t, id);

/** The fleet's drivers, nearest first (the test fails when the seed has fewer than three). */
function drivers3(): [FleetDriver, FleetDriver, FleetDriver] {
  const [nearest, second, third] = suite.fleet;
  if (!nearest || !second || !third) throw new Error('fleet');
  return [nearest, second, third];
}

/** Only `driver` of the fleet stays online. */
async function onlyOnline(driver: FleetDriver): Promise<void> {
  for (const other of suite.fleet) {
    if (other.id !== driver.id) {
      await suite.t.db.db.update(drivers).set({ online: false }).where(eq(drivers.id, other.id));
    }
  }
}

describe('dispatch engine', () => {
  it('offers the nearest driver; accepting assigns, with the events the customer screens follow', async () => {
    const created = await request();
    const ticked = await tick();
    expect(ticked.offered).toBe(1);
    const [nearest, second] = suite.fleet;
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

  it('offers the next driver after a rejection, not the one who said no', async () => {
    const created = await request();
    await tick();
    const [nearest, second] = suite.fleet;
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
    const [nearest, second] = suite.fleet;
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
    await suite.t.db.db.update(drivers).set({ online: false }).where(eq(drivers.branch, 'PR'));
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

    const [nearest] = suite.fleet;
    if (!nearest) throw new Error('fleet');
    const online = await driverCall(nearest, 'POST', '/online', { online: true });
    expect(online.statusCode).toBe(200);
    expect(online.json()).toMatchObject({ driver: { online: true }, offer: null });
    // Still inside the backoff (due at start + 15 s): going online makes it due at once.
    expect((await serviceOf(created.id)).dispatchAt?.getTime()).toBeLessThanOrEqual(Date.now());
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
    const [nearest, second] = suite.fleet;
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
    const [nearest] = suite.fleet;
    if (!nearest) throw new Error('fleet');
    const offer = (await me(nearest)).offer;
    expect(offer?.serviceId).toBe(created.id);
    const res = await postCancellation(suite.t, created.id, created.token);
    expect(res.statusCode).toBe(200);
    expect((await me(nearest)).offer).toBeNull();
    const [row] = await suite.t.db.db
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
    const offered = await suite.t.db.db
      .select({ driverId: dispatchOffers.driverId, vehicle: drivers.vehicleType })
      .from(dispatchOffers)
      .innerJoin(drivers, eq(drivers.id, dispatchOffers.driverId))
      .where(and(eq(dispatchOffers.serviceId, created.id), ne(dispatchOffers.state, 'withdrawn')));
    expect(offered).toHaveLength(1);
    expect(['tow_truck', 'flatbed']).toContain(offered[0]?.vehicle);
    const holder = suite.fleet.find((d) => d.id === offered[0]?.driverId);
    if (!holder) throw new Error('holder');
    const off = await driverCall(holder, 'POST', '/online', { online: false });
    expect(off.json()).toMatchObject({ driver: { online: false }, offer: null });
    const [row] = await suite.t.db.db
      .select({ state: dispatchOffers.state })
      .from(dispatchOffers)
      .where(eq(dispatchOffers.serviceId, created.id));
    expect(row?.state).toBe('rejected');
  });

  it('makes the waiting services of the branch due when a driver finishes a trip', async () => {
    const [nearest] = drivers3();
    await onlyOnline(nearest);
    const first = await request();
    await tick();
    const offer = (await me(nearest)).offer;
    await driverCall(nearest, 'POST', `/offers/${offer?.id ?? ''}/accept`);
    const waiting = await request();
    const start = Date.now();
    expect(await tick(start)).toMatchObject({ offered: 0, waiting: 1 });
    expect(await tick(start + 5_000)).toMatchObject({ waiting: 1 });
    expect((await serviceOf(waiting.id)).dispatchAt?.getTime()).toBe(start + 15_000);

    const finished = await driverCall(nearest, 'POST', `/services/${first.id}/trip-status`, {
      status: 'FINISHED',
    });
    expect(finished.statusCode).toBe(200);
    // Free again: the waiting request is due now, not when its backoff ends.
    expect((await serviceOf(waiting.id)).dispatchAt?.getTime()).toBeLessThanOrEqual(Date.now());
    await tick(start + 6_000);
    expect((await me(nearest)).offer?.serviceId).toBe(waiting.id);
  });

  it('going online makes a driver left busy or offline with no trip available for offers', async () => {
    const [nearest, second, third] = drivers3();
    await suite.t.db.db
      .update(drivers)
      .set({ online: false, status: 'busy', pendingSituation: 'flatTire' })
      .where(eq(drivers.id, nearest.id));
    await suite.t.db.db
      .update(drivers)
      .set({ online: false, status: 'offline' })
      .where(eq(drivers.id, second.id));
    await suite.t.db.db.update(drivers).set({ online: false }).where(eq(drivers.id, third.id));
    for (const driver of [nearest, second]) {
      const online = await driverCall(driver, 'POST', '/online', { online: true });
      expect(online.json()).toMatchObject({ driver: { online: true, busy: false }, offer: null });
    }
    const [row] = await suite.t.db.db.select().from(drivers).where(eq(drivers.id, nearest.id));
    expect(row).toMatchObject({ status: 'available', pendingSituation: null });
    const created = await request();
    await tick();
    expect((await me(nearest)).offer?.serviceId).toBe(created.id);

    // With a trip under way, going offline and online again keeps the driver busy.
    await driverCall(nearest, 'POST', `/offers/${(await me(nearest)).offer?.id ?? ''}/accept`);
    await driverCall(nearest, 'POST', '/online', { online: false });
    const back = await driverCall(nearest, 'POST', '/online', { online: true });
    expect(back.json()).toMatchObject({
      driver: { online: true, busy: true },
      trip: { serviceId: created.id },
    });
  });

  it('asks a driver who said no or let the offer expire again once nobody else is left, after the backoff', async () => {
    const [nearest] = drivers3();
    await onlyOnline(nearest);
    const created = await request();
    const start = Date.now();
    await tick(start);
    const first = (await me(nearest)).offer;
    expect(first?.serviceId).toBe(created.id);
    await driverCall(nearest, 'POST', `/offers/${first?.id ?? ''}/reject`);
    // Not at once: the search finds nobody new and waits its backoff (5 s).
    expect(await tick(start + 1_000)).toMatchObject({ offered: 0, waiting: 1 });
    expect((await me(nearest)).offer).toBeNull();
    expect(await tick(start + 6_000)).toMatchObject({ offered: 1 });
    const second = (await me(nearest)).offer;
    expect(second?.serviceId).toBe(created.id);
    expect(second?.id).not.toBe(first?.id);

    // Let expire: asked again only after a longer wait (the count of empty searches went on).
    const expiry = Date.parse(second?.expiresAt ?? '');
    expect(await tick(expiry + 1)).toMatchObject({ expired: 1, offered: 0, waiting: 1 });
    expect(await tick(expiry + 9_000)).toMatchObject({ offered: 0 });
    expect(await tick(expiry + 10_001)).toMatchObject({ offered: 1 });
    const third = (await me(nearest)).offer;
    expect(third?.serviceId).toBe(created.id);
    expect(await dispatchStepsOf(suite.t, created.id)).toEqual([
      'offered',
      'rejected',
      'queued',
      'offered',
      'timed_out',
      'offered',
    ]);

    // Taken and given back: never asked again, however long it waits.
    await driverCall(nearest, 'POST', `/offers/${third?.id ?? ''}/accept`);
    const givenBack = await driverCall(nearest, 'POST', `/services/${created.id}/cancel`, {});
    expect(givenBack.statusCode).toBe(200);
    for (const later of [1, 10, 100, 1_000]) {
      await tick(expiry + 20_000 + later * 1_000);
    }
    expect((await me(nearest)).offer).toBeNull();
    expect(await serviceOf(created.id)).toMatchObject({ status: 'Queued', driverId: null });
  });
});
