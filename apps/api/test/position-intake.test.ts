import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { drivers, serviceEvents, services } from '../src/db/schema.ts';
import { issueDriverToken } from '../src/services/driver-app.ts';
import { createPositionIntake } from '../src/services/position-intake.ts';
import { bearerHeaders } from './support/api-target.ts';
import { createService } from './support/journey-service.ts';
import { firstPrAccount } from './support/service-request-payload.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Positions written in batches (docs/decisions/781): many drivers posting at once share
// transactions, yet every position a driver was answered for is stored, in the driver's order, and
// a signed-out driver's token stops working at once.

let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp({ config: { driverSimulator: false } });
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.db
    .update(services)
    .set({ status: 'Void', statusNumber: 7 })
    .where(inArray(services.status, ['Queued', 'Active']));
});

interface Trip {
  serviceId: string;
  driverId: string;
  headers: Record<string, string>;
}

/** `count` Active services of Puerto Rico, each taken by its own driver, signed in. */
async function trips(count: number): Promise<Trip[]> {
  const fleet = await t.db.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(eq(drivers.branch, 'PR'))
    .orderBy(asc(drivers.id))
    .limit(count);
  expect(fleet).toHaveLength(count);
  const result: Trip[] = [];
  for (const { id: driverId } of fleet) {
    const { id: serviceId } = await createService(t, accountId);
    await t.db.db
      .update(services)
      .set({ driverId, status: 'Active', statusNumber: 2, tripStatus: 'ON_ROUTE' })
      .where(eq(services.id, serviceId));
    const token = await issueDriverToken(t.app.repositories, driverId);
    result.push({ serviceId, driverId, headers: bearerHeaders(t, token) });
  }
  return result;
}

const post = (headers: Record<string, string>, lat: number) =>
  t.app.inject({
    method: 'POST',
    url: '/common/api/v1/driver-app/position',
    headers,
    payload: { lat, lng: -66.1, heading: 90, accuracy: 5 },
  });

async function positionLatitudes(serviceId: string): Promise<number[]> {
  const rows = await t.db.db
    .select({ payload: serviceEvents.payload })
    .from(serviceEvents)
    .where(and(eq(serviceEvents.serviceId, serviceId), eq(serviceEvents.type, 'position')))
    .orderBy(asc(serviceEvents.seq));
  return rows.map((row) => (row.payload as { lat: number }).lat);
}

describe('driver positions written in batches (decision 781)', () => {
  it('stores every answered position of drivers posting at once, in each driver’s order', async () => {
    const fleet = await trips(6);
    const rounds = 5;
    // Every driver posts its positions one after another; all drivers at once, so the positions
    // of different drivers meet in the same batches.
    await Promise.all(
      fleet.map(async (trip, index) => {
        for (let round = 1; round <= rounds; round += 1) {
          const res = await post(trip.headers, 18.4 + index / 100 + round / 10_000);
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ accepted: true, serviceId: trip.serviceId });
        }
      }),
    );
    for (const [index, trip] of fleet.entries()) {
      const expected = Array.from(
        { length: rounds },
        (_, round) => 18.4 + index / 100 + (round + 1) / 10_000,
      );
      expect(await positionLatitudes(trip.serviceId)).toEqual(expected);
      const [driver] = await t.db.db.select().from(drivers).where(eq(drivers.id, trip.driverId));
      expect(driver?.lastLat).toBe(expected.at(-1));
      const [service] = await t.db.db
        .select({ providerLat: services.providerLat })
        .from(services)
        .where(eq(services.id, trip.serviceId));
      expect(service?.providerLat).toBe(expected.at(-1));
    }
  });

  it('keeps a driver’s newest position when several of theirs reach one batch', async () => {
    const [trip] = await trips(1);
    if (!trip) throw new Error('no trip');
    const driver = await t.app.repositories.drivers.findById(trip.driverId);
    if (!driver) throw new Error('no driver');
    // Reported straight to an intake of its own, so the three arrive in this order: the first is
    // written at once (nothing else is being written); the next two wait for it and meet in one
    // batch, which writes the newest.
    const intake = createPositionIntake(t.app.repositories, t.db.kind);
    const answers = await Promise.all(
      [18.41, 18.42, 18.43].map((lat) => intake.report(driver, { lat, lng: -66.1, accuracy: 5 })),
    );
    expect(answers).toEqual(Array(3).fill({ accepted: true, serviceId: trip.serviceId }));
    expect(await positionLatitudes(trip.serviceId)).toEqual([18.41, 18.43]);
    const [stored] = await t.db.db.select().from(drivers).where(eq(drivers.id, trip.driverId));
    expect(stored?.lastLat).toBe(18.43);
  });

  it('moves a driver without a trip, beside drivers on trips in the same batch', async () => {
    const [onTrip] = await trips(1);
    if (!onTrip) throw new Error('no trip');
    const [free] = await t.db.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(eq(drivers.branch, 'PR'))
      .orderBy(asc(drivers.id))
      .offset(1)
      .limit(1);
    if (!free) throw new Error('no second driver');
    const freeHeaders = bearerHeaders(t, await issueDriverToken(t.app.repositories, free.id));
    const [tripAnswer, freeAnswer] = await Promise.all([
      post(onTrip.headers, 18.44),
      post(freeHeaders, 18.45),
    ]);
    expect(tripAnswer.json()).toEqual({ accepted: true, serviceId: onTrip.serviceId });
    expect(freeAnswer.json()).toEqual({ accepted: true, serviceId: null });
    const [freeRow] = await t.db.db.select().from(drivers).where(eq(drivers.id, free.id));
    expect(freeRow?.lastLat).toBe(18.45);
  });

  it('fails only the position whose own write failed, not a trip’s written beside it', async () => {
    const [first, onTrip] = await trips(2);
    if (!first || !onTrip) throw new Error('no trips');
    const [free] = await t.db.db
      .select()
      .from(drivers)
      .where(eq(drivers.branch, 'PR'))
      .orderBy(asc(drivers.id))
      .offset(2)
      .limit(1);
    const [firstDriver, tripDriver] = await Promise.all(
      [first, onTrip].map((trip) => t.app.repositories.drivers.findById(trip.driverId)),
    );
    if (!free || !firstDriver || !tripDriver) throw new Error('no drivers');
    const repos = t.app.repositories;
    // The row of the driver without a trip cannot be written; everything else works.
    const intake = createPositionIntake(
      {
        services: repos.services,
        drivers: {
          ...repos.drivers,
          updateDriver: () => Promise.reject(new Error('driver row unavailable')),
        },
      },
      t.db.kind,
    );
    const fix = (lat: number) => ({ lat, lng: -66.1, accuracy: 5 });
    // The first is written at once; the next two wait for it and, on the embedded database, share
    // the next batch.
    const [firstAnswer, tripAnswer, freeAnswer] = await Promise.allSettled([
      intake.report(firstDriver, fix(18.47)),
      intake.report(tripDriver, fix(18.48)),
      intake.report(free, fix(18.49)),
    ]);
    expect(firstAnswer).toEqual({
      status: 'fulfilled',
      value: { accepted: true, serviceId: first.serviceId },
    });
    expect(tripAnswer).toEqual({
      status: 'fulfilled',
      value: { accepted: true, serviceId: onTrip.serviceId },
    });
    expect(freeAnswer).toMatchObject({
      status: 'rejected',
      reason: { message: 'driver row unavailable' },
    });
    expect(await positionLatitudes(onTrip.serviceId)).toEqual([18.48]);
  });

  it('refuses a signed-out driver’s token at once, even while other positions are being written', async () => {
    const fleet = await trips(3);
    const [leaving, ...staying] = fleet;
    if (!leaving) throw new Error('no trip');
    const writing = staying.map((trip) => post(trip.headers, 18.46));
    const signOut = await t.app.inject({
      method: 'DELETE',
      url: '/common/api/v1/driver-app/session',
      headers: leaving.headers,
    });
    expect(signOut.statusCode).toBe(204);
    const refused = await post(leaving.headers, 18.47);
    expect(refused.statusCode).toBe(401);
    expect((await Promise.all(writing)).map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await positionLatitudes(leaving.serviceId)).toEqual([]);
  });
});
