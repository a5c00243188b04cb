import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatchOffers, drivers, serviceEvents, services } from '../src/db/schema.ts';
import { DRIVER_CHANGES_CHANNEL } from '../src/repositories/driver-changes.ts';
import { issueDriverToken } from '../src/services/driver-app.ts';
import {
  SITUATION,
  useDispatchFleet,
  type DriverStateBody,
  type FleetDriver,
} from './support/dispatch-fleet.ts';

// The driver app's side of dispatch (docs/decisions/760): the long poll, answers to offers, the
// online switch and batched positions, as a phone sees them, under races and bad input.

const suite = useDispatchFleet();
const { tick, driverCall, me, request } = suite;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function nearestOf(): FleetDriver {
  const [nearest] = suite.fleet;
  if (!nearest) throw new Error('fleet');
  return nearest;
}

/** Only the nearest driver of the fleet stays online. */
async function onlyNearestOnline(): Promise<FleetDriver> {
  const nearest = nearestOf();
  for (const other of suite.fleet.slice(1)) {
    await suite.t.db.db.update(drivers).set({ online: false }).where(eq(drivers.id, other.id));
  }
  return nearest;
}

/** The nearest driver (alone online) takes a new request. */
async function nearestOnATrip(): Promise<{ driver: FleetDriver; serviceId: string }> {
  const driver = await onlyNearestOnline();
  const created = await request();
  await tick();
  const offer = (await me(driver)).offer;
  const accepted = await driverCall(driver, 'POST', `/offers/${offer?.id ?? ''}/accept`);
  expect(accepted.statusCode).toBe(200);
  return { driver, serviceId: created.id };
}

describe('GET /me', () => {
  it('long-polls: answers when an offer arrives, or with the same version after the wait', async () => {
    const nearest = nearestOf();
    const before = await me(nearest);
    const started = Date.now();
    const polled = driverCall(nearest, 'GET', `/me?wait=10&version=${before.version}`);
    await sleep(300);
    await request();
    await tick();
    const res = await polled;
    expect(res.statusCode).toBe(200);
    expect(res.json<DriverStateBody>().offer).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(8_000);
    const same = await me(nearest);
    const waited = await driverCall(nearest, 'GET', `/me?wait=1&version=${same.version}`);
    expect(waited.json<DriverStateBody>().version).toBe(same.version);
  });

  it('hears a change whose wake-up arrives between its read and its wait', async () => {
    const nearest = nearestOf();
    const before = await me(nearest);
    const repository = suite.t.app.repositories.drivers;
    const findById = repository.findById.bind(repository);
    let raced = false;
    // The long poll's first read returns the row as it was; meanwhile the driver goes offline
    // elsewhere and the wake-up (NOTIFY) reaches this process before the poll starts waiting.
    repository.findById = async (id) => {
      const row = await findById(id);
      if (!raced && id === nearest.id) {
        raced = true;
        await suite.t.db.db.transaction(async (tx) => {
          await tx.update(drivers).set({ online: false }).where(eq(drivers.id, nearest.id));
          await tx.execute(sql`select pg_notify(${DRIVER_CHANGES_CHANNEL}, ${nearest.id})`);
        });
        await sleep(300);
      }
      return row;
    };
    try {
      const started = Date.now();
      const res = await driverCall(nearest, 'GET', `/me?wait=6&version=${before.version}`);
      expect(raced).toBe(true);
      expect(res.json<DriverStateBody>().driver.online).toBe(false);
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      repository.findById = findById;
    }
  });

  it('answers 401 when the driver is removed while the phone waits', async () => {
    const id = 'driver-removed-while-polling';
    await suite.t.db.db.insert(drivers).values({
      id,
      branch: 'PR',
      name: 'Chofer de paso',
      email: 'de.paso@flota.example',
      phone: '+17875550199',
      iconset: 'tow',
      vehicleType: 'tow_truck',
    });
    const token = await issueDriverToken(suite.t.app.repositories, id);
    const phone = {
      id,
      headers: { 'x-api-key': suite.t.config.appKey, authorization: `Bearer ${token}` },
    };
    const before = await me(phone);
    const polled = driverCall(phone, 'GET', `/me?wait=10&version=${before.version}`);
    await sleep(300);
    await suite.t.db.db.transaction(async (tx) => {
      await tx.delete(drivers).where(eq(drivers.id, id));
      await tx.execute(sql`select pg_notify(${DRIVER_CHANGES_CHANNEL}, ${id})`);
    });
    const res = await polled;
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a wait out of 1..25 s with 400', async () => {
    const nearest = nearestOf();
    for (const wait of ['0', '26', 'soon']) {
      const res = await driverCall(nearest, 'GET', `/me?wait=${wait}&version=x`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});

describe('offers and the online switch', () => {
  it('refuses to reject (or accept) an offer whose time is over with 409, though not yet expired by the engine', async () => {
    const nearest = await onlyNearestOnline();
    const created = await request();
    // Requested half a minute ago, offered 25 s ago (20 s to answer); no tick has expired it since.
    const offeredAt = Date.now() - 25_000;
    await suite.t.db.db
      .update(services)
      .set({ dispatchAt: new Date(offeredAt - 5_000) })
      .where(eq(services.id, created.id));
    await tick(offeredAt);
    const offer = (await me(nearest)).offer;
    expect(offer).not.toBeNull();
    for (const answer of ['reject', 'accept']) {
      const late = await driverCall(nearest, 'POST', `/offers/${offer?.id ?? ''}/${answer}`);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'CONFLICT' });
    }
    const [row] = await suite.t.db.db
      .select({ state: dispatchOffers.state })
      .from(dispatchOffers)
      .where(eq(dispatchOffers.id, offer?.id ?? ''));
    expect(row?.state).toBe('pending');
  });

  it('going offline while the engine offers: the driver never keeps a pending offer offline', async () => {
    const nearest = await onlyNearestOnline();
    // The engine's tick starts a little later each round, sweeping across the switch's work.
    for (let round = 0; round < 16; round += 1) {
      await driverCall(nearest, 'POST', '/online', { online: true });
      await request();
      const [off] = await Promise.all([
        driverCall(nearest, 'POST', '/online', { online: false }),
        sleep(round * 2).then(() => tick()),
      ]);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ driver: { online: false }, offer: null });
      const pending = await suite.t.db.db
        .select({ id: dispatchOffers.id })
        .from(dispatchOffers)
        .where(and(eq(dispatchOffers.driverId, nearest.id), eq(dispatchOffers.state, 'pending')));
      expect(pending).toEqual([]);
    }
  });

  it('refuses malformed bodies on /online and /services/:id/cancel with 400', async () => {
    const nearest = nearestOf();
    for (const payload of [{}, { online: 'yes' }, { online: 1 }]) {
      const res = await driverCall(nearest, 'POST', '/online', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    const { serviceId } = await nearestOnATrip();
    for (const payload of [{ reason: 42 }, { reason: 'x'.repeat(501) }]) {
      const res = await driverCall(nearest, 'POST', `/services/${serviceId}/cancel`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    // Nothing was given back.
    expect((await me(nearest)).trip?.serviceId).toBe(serviceId);
  });
});

describe('POST /positions', () => {
  const fixes = (seconds: readonly number[], base: number) =>
    seconds.map((i) => ({
      lat: SITUATION.lat + 0.01 - i * 0.001,
      lng: SITUATION.lng,
      accuracy: 5,
      at: new Date(base + i * 1000).toISOString(),
    }));

  const positionEvents = (serviceId: string) =>
    suite.t.db.db
      .select({ payload: serviceEvents.payload })
      .from(serviceEvents)
      .where(and(eq(serviceEvents.serviceId, serviceId), eq(serviceEvents.type, 'position')))
      .orderBy(asc(serviceEvents.seq));

  it('stores a batch once: sent again it is ignored; an empty batch is a 400', async () => {
    const nearest = nearestOf();
    const positions = fixes([0, 1, 2], Date.now() - 10_000);
    const first = await driverCall(nearest, 'POST', '/positions', { positions });
    expect(first.json()).toMatchObject({ accepted: 3, lastPositionAt: positions[2]?.at });
    const again = await driverCall(nearest, 'POST', '/positions', { positions });
    expect(again.json()).toMatchObject({ accepted: 0, lastPositionAt: positions[2]?.at });
    const bad = await driverCall(nearest, 'POST', '/positions', { positions: [] });
    expect(bad.statusCode).toBe(400);
  });

  it("gives the customer one position event per batch: the batch's newest fix", async () => {
    const { driver, serviceId } = await nearestOnATrip();
    const before = (await positionEvents(serviceId)).length;
    const positions = fixes([0, 1, 2], Date.now() - 10_000);
    const res = await driverCall(driver, 'POST', '/positions', { positions });
    expect(res.json()).toMatchObject({ accepted: 3 });
    const events = (await positionEvents(serviceId)).slice(before);
    expect(events.map((event) => event.payload['at'])).toEqual([positions[2]?.at]);
    const [row] = await suite.t.db.db.select().from(drivers).where(eq(drivers.id, driver.id));
    expect(row?.lastSeenAt?.toISOString()).toBe(positions[2]?.at);
    expect(row?.lastLat).toBe(positions[2]?.lat);
  });

  it('counts no fix twice when two overlapping batches arrive at once', async () => {
    const { driver, serviceId } = await nearestOnATrip();
    const before = (await positionEvents(serviceId)).length;
    const base = Date.now() - 10_000;
    const [a, b] = await Promise.all([
      driverCall(driver, 'POST', '/positions', { positions: fixes([0, 1, 2], base) }),
      driverCall(driver, 'POST', '/positions', { positions: fixes([1, 2, 3], base) }),
    ]);
    const accepted = [a, b].map((res) => res.json<{ accepted: number }>().accepted);
    // First come, first stored: 3 then the one newer fix, or 3 then none.
    expect([
      [0, 3],
      [1, 3],
    ]).toContainEqual([...accepted].sort((x, y) => x - y));
    const events = (await positionEvents(serviceId)).slice(before);
    const stamps = events.map((event) => Date.parse(String(event.payload['at'])));
    expect(events.length).toBe(accepted.filter((count) => count > 0).length);
    expect(stamps).toEqual([...new Set(stamps)].sort((x, y) => x - y));
    const [row] = await suite.t.db.db.select().from(drivers).where(eq(drivers.id, driver.id));
    expect(row?.lastSeenAt?.getTime()).toBe(base + 3_000);
  });
});
