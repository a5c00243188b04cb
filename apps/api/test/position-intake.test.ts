import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { drivers, serviceEvents, services } from '../src/db/schema.ts';
import { issueDriverToken } from '../src/services/driver-app.ts';
import { createDriverTokenCache } from '../src/services/driver-token-cache.ts';
import { hashServiceToken } from '../src/services/service-tokens.ts';
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
  // Every test starts from drivers with no stored position, so fixes of a minute ago are new.
  await t.db.db.update(drivers).set({ lastSeenAt: null });
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

/** `count` drivers of Puerto Rico without a trip, after the first `skip`, signed in. */
async function driversWithoutTrip(skip: number, count: number): Promise<Trip[]> {
  const fleet = await t.db.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(eq(drivers.branch, 'PR'))
    .orderBy(asc(drivers.id))
    .offset(skip)
    .limit(count);
  expect(fleet).toHaveLength(count);
  const result: Trip[] = [];
  for (const { id: driverId } of fleet) {
    const token = await issueDriverToken(t.app.repositories, driverId);
    result.push({ serviceId: '', driverId, headers: bearerHeaders(t, token) });
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

/** A fix of 5 m accuracy at latitude `lat` (the single-fix body's fields). */
const place = (lat: number) => ({ lat, lng: -66.1, accuracy: 5 });

/** The instant `second` seconds after `base` (ms). */
const secondsAfter = (base: number) => (second: number) => new Date(base + second * 1000);

interface QueuedFix {
  lat: number;
  lng: number;
  accuracy: number;
  at: string;
}

/** Fixes a phone queued, `seconds` after `base`, each at its own place. */
const queued = (base: number, seconds: readonly number[]): QueuedFix[] =>
  seconds.map((second) => ({
    lat: 18.4 + second / 10_000,
    lng: -66.1,
    accuracy: 5,
    at: new Date(base + second * 1000).toISOString(),
  }));

const postFixes = (headers: Record<string, string>, positions: readonly QueuedFix[]) =>
  t.app.inject({
    method: 'POST',
    url: '/common/api/v1/driver-app/positions',
    headers,
    payload: { positions },
  });

async function positionEvents(serviceId: string): Promise<{ lat: number; at: string }[]> {
  const rows = await t.db.db
    .select({ payload: serviceEvents.payload })
    .from(serviceEvents)
    .where(and(eq(serviceEvents.serviceId, serviceId), eq(serviceEvents.type, 'position')))
    .orderBy(asc(serviceEvents.seq));
  return rows.map((row) => row.payload as { lat: number; at: string });
}

async function storedDriver(driverId: string) {
  const [row] = await t.db.db.select().from(drivers).where(eq(drivers.id, driverId));
  if (!row) throw new Error(`no driver ${driverId}`);
  return row;
}

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
          moveIfNewer: () => Promise.reject(new Error('driver row unavailable')),
        },
      },
      t.db.kind,
    );
    // The first is written at once; the next two wait for it and, on the embedded database, share
    // the next batch.
    const [firstAnswer, tripAnswer, freeAnswer] = await Promise.allSettled([
      intake.report(firstDriver, place(18.47)),
      intake.report(tripDriver, place(18.48)),
      intake.report(free, place(18.49)),
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

  it('refuses the position of a driver deleted after their token was checked, and counts nothing', async () => {
    const [free] = await driversWithoutTrip(3, 1);
    if (!free) throw new Error('no driver');
    const row = await storedDriver(free.driverId);
    const intake = createPositionIntake(t.app.repositories, t.db.kind);
    await t.db.db.delete(drivers).where(eq(drivers.id, free.driverId));
    try {
      const fix = { lat: 18.44, lng: -66.1, accuracy: 5 };
      await expect(intake.report(row, fix)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(
        intake.reportFixes(row, [{ ...fix, at: new Date(Date.now() - 1000) }]),
      ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    } finally {
      await t.db.db.insert(drivers).values(row);
    }
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

describe('queued fixes (`POST /positions`) in the same batches (decision 781)', () => {
  it('answers the fixes and positions of many drivers posting at once, each driver moving forward in time', async () => {
    const fleet = await trips(5);
    const free = await driversWithoutTrip(5, 2);
    const queuing = [...fleet.slice(0, 3), ...free];
    const single = fleet.slice(3);
    const base = Date.now() - 120_000;
    const rounds = 5;
    // Round k of a queuing driver sends the fixes of seconds k, k+1 and k+2: all three are new the
    // first time, then only the last one. Every driver posts round after round, all drivers at once.
    const windowOf = (round: number) => [round, round + 1, round + 2];
    await Promise.all([
      ...queuing.map(async (trip) => {
        for (let round = 0; round < rounds; round += 1) {
          const fixes = queued(base, windowOf(round));
          const res = await postFixes(trip.headers, fixes);
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({
            accepted: round === 0 ? 3 : 1,
            lastPositionAt: fixes.at(-1)?.at,
          });
        }
      }),
      ...single.map(async (trip, index) => {
        for (let round = 1; round <= rounds; round += 1) {
          const res = await post(trip.headers, 18.5 + index / 100 + round / 10_000);
          expect(res.json()).toEqual({ accepted: true, serviceId: trip.serviceId });
        }
      }),
    ]);
    const newestOfRounds = Array.from({ length: rounds }, (_, round) => {
      const newest = queued(base, windowOf(round)).at(-1);
      if (!newest) throw new Error('no fix');
      return newest;
    });
    const newest = newestOfRounds.at(-1);
    for (const trip of queuing) {
      const stored = await storedDriver(trip.driverId);
      expect(stored.lastSeenAt?.toISOString()).toBe(newest?.at);
      expect(stored.lastLat).toBe(newest?.lat);
    }
    for (const trip of fleet.slice(0, 3)) {
      // One event per request, its newest fix, in time order.
      const events = await positionEvents(trip.serviceId);
      expect(events.map((event) => [event.lat, event.at])).toEqual(
        newestOfRounds.map((fix) => [fix.lat, fix.at]),
      );
      const [service] = await t.db.db
        .select({ providerLat: services.providerLat })
        .from(services)
        .where(eq(services.id, trip.serviceId));
      expect(service?.providerLat).toBe(newest?.lat);
    }
    for (const [index, trip] of single.entries()) {
      const expected = Array.from(
        { length: rounds },
        (_, round) => 18.5 + index / 100 + (round + 1) / 10_000,
      );
      const events = await positionEvents(trip.serviceId);
      expect(events.map((event) => event.lat)).toEqual(expected);
      const stamps = events.map((event) => Date.parse(event.at));
      expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
      expect((await storedDriver(trip.driverId)).lastLat).toBe(expected.at(-1));
    }
  });

  it('accepts nothing of a batch sent a second time, with a trip or without', async () => {
    const [trip] = await trips(1);
    const [free] = await driversWithoutTrip(1, 1);
    if (!trip || !free) throw new Error('no drivers');
    const fixes = queued(Date.now() - 120_000, [0, 1, 2]);
    for (const driver of [trip, free]) {
      const first = await postFixes(driver.headers, fixes);
      expect(first.json()).toEqual({ accepted: 3, lastPositionAt: fixes[2]?.at });
      const again = await postFixes(driver.headers, fixes);
      expect(again.json()).toEqual({ accepted: 0, lastPositionAt: fixes[2]?.at });
      const stored = await storedDriver(driver.driverId);
      expect(stored.lastSeenAt?.toISOString()).toBe(fixes[2]?.at);
      expect(stored.lastLat).toBe(fixes[2]?.lat);
    }
    expect((await positionEvents(trip.serviceId)).map((event) => event.at)).toEqual([fixes[2]?.at]);
  });

  it('counts each fix once when one driver sends overlapping batches at once, to one API or two', async () => {
    const fleet = await trips(2);
    const free = await driversWithoutTrip(2, 2);
    const base = Date.now() - 120_000;
    const first = queued(base, [0, 1, 2]);
    const overlapping = queued(base, [1, 2, 3]);
    const repos = t.app.repositories;
    // Two intakes stand for two API processes: their batches are written side by side, and only
    // the lock of the driver's row keeps the two apart.
    const [one, two] = [1, 2].map(() => createPositionIntake(repos, t.db.kind));
    if (!one || !two) throw new Error('no intakes');
    const asFixes = (fixes: readonly QueuedFix[]) =>
      fixes.map((fix) => ({ ...fix, at: new Date(fix.at) }));
    const answers = await Promise.all(
      [...fleet, ...free].map(async (driver, index) => {
        // Three at once: the first is written at once, the other two meet in the next batch.
        if (index % 2 === 0) {
          const three = await Promise.all(
            [first, overlapping, overlapping].map((fixes) => postFixes(driver.headers, fixes)),
          );
          return three.map((res) => res.json<{ accepted: number }>().accepted);
        }
        const row = await repos.drivers.findById(driver.driverId);
        if (!row) throw new Error('no driver');
        const three = await Promise.all([
          one.reportFixes(row, asFixes(first)),
          two.reportFixes(row, asFixes(overlapping)),
          two.reportFixes(row, asFixes(overlapping)),
        ]);
        return three.map((written) => written.accepted);
      }),
    );
    for (const [index, driver] of [...fleet, ...free].entries()) {
      // First come, first stored: 3, then the one fix newer, then none; or 3, then none twice.
      expect([
        [0, 0, 3],
        [0, 1, 3],
      ]).toContainEqual([...(answers[index] ?? [])].sort((a, b) => a - b));
      const stored = await storedDriver(driver.driverId);
      expect(stored.lastSeenAt?.toISOString()).toBe(overlapping[2]?.at);
      expect(stored.lastLat).toBe(overlapping[2]?.lat);
    }
    for (const [index, trip] of fleet.entries()) {
      const events = await positionEvents(trip.serviceId);
      const accepted = answers[index] ?? [];
      expect(events).toHaveLength(accepted.filter((count) => count > 0).length);
      expect(events.at(-1)?.at).toBe(overlapping[2]?.at);
      const stamps = events.map((event) => Date.parse(event.at));
      expect(stamps).toEqual([...new Set(stamps)].sort((a, b) => a - b));
    }
  });

  it('merges a driver’s single positions and queued fixes in one batch by time, counting each request’s own', async () => {
    const [trip] = await trips(1);
    const [free] = await driversWithoutTrip(1, 1);
    if (!trip || !free) throw new Error('no drivers');
    const base = Date.now() - 120_000;
    const at = secondsAfter(base);
    const fixes = (seconds: readonly number[]) =>
      queued(base, seconds).map((fix) => ({ ...fix, at: new Date(fix.at) }));
    for (const driver of [trip, free]) {
      const row = await t.app.repositories.drivers.findById(driver.driverId);
      if (!row) throw new Error('no driver');
      // An intake of its own, so the batches are known: the first position is written at once,
      // the rest wait for it and meet in the next batch, in this order.
      const intake = createPositionIntake(t.app.repositories, t.db.kind);
      const answers = await Promise.all([
        intake.report(row, place(18.3), at(0)),
        intake.reportFixes(row, fixes([10, 20])),
        // Older than the fix of second 20 just before it: not used.
        intake.report(row, place(18.31), at(15)),
        intake.reportFixes(row, fixes([20, 30])),
        // As new as the fix of second 30 and posted after it: it is the driver's place then.
        intake.report(row, place(18.32), at(30)),
        // Sent again: nothing of it is newer.
        intake.reportFixes(row, fixes([30])),
      ]);
      const serviceId = driver.serviceId || null;
      const lastSeenAt = at(30);
      expect(answers).toEqual([
        { accepted: true, serviceId },
        { accepted: 2, serviceId, lastSeenAt },
        { accepted: false, serviceId: null },
        { accepted: 1, serviceId, lastSeenAt },
        { accepted: true, serviceId },
        { accepted: 0, serviceId, lastSeenAt },
      ]);
      const stored = await storedDriver(driver.driverId);
      expect(stored.lastSeenAt?.getTime()).toBe(lastSeenAt.getTime());
      expect(stored.lastLat).toBe(18.32);
    }
    expect((await positionEvents(trip.serviceId)).map((event) => [event.lat, event.at])).toEqual([
      [18.3, at(0).toISOString()],
      [18.32, at(30).toISOString()],
    ]);
  });

  it('refuses a signed-out or replaced driver token at once, even while batches are being written', async () => {
    const fleet = await trips(4);
    const [signedOut, replaced, ...staying] = fleet;
    if (!signedOut || !replaced) throw new Error('no trips');
    const fixes = queued(Date.now() - 120_000, [0, 1, 2]);
    const writing = staying.map((trip) => postFixes(trip.headers, fixes));
    const signOut = await t.app.inject({
      method: 'DELETE',
      url: '/common/api/v1/driver-app/session',
      headers: signedOut.headers,
    });
    expect(signOut.statusCode).toBe(204);
    // A new token for the driver: the one the phone holds stops working.
    await issueDriverToken(t.app.repositories, replaced.driverId);
    for (const leaving of [signedOut, replaced]) {
      const refused = await postFixes(leaving.headers, fixes);
      expect(refused.statusCode).toBe(401);
    }
    for (const res of await Promise.all(writing)) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ accepted: 3, lastPositionAt: fixes[2]?.at });
    }
    for (const leaving of [signedOut, replaced]) {
      expect(await positionEvents(leaving.serviceId)).toEqual([]);
      expect((await storedDriver(leaving.driverId)).lastSeenAt).toBeNull();
    }
  });
});

describe('drivers’ tokens known from earlier positions (decision 792)', () => {
  it('refuses a known token signed out or replaced, and takes the new one', async () => {
    const [signedOut, replaced] = await trips(2);
    const [free] = await driversWithoutTrip(2, 1);
    if (!signedOut || !replaced || !free) throw new Error('no drivers');
    const base = Date.now() - 120_000;
    // Each token is known from an accepted position first, through each route.
    expect((await post(signedOut.headers, 18.4)).statusCode).toBe(200);
    expect((await postFixes(replaced.headers, queued(base, [0]))).statusCode).toBe(200);
    expect((await postFixes(free.headers, queued(base, [0]))).statusCode).toBe(200);
    const signOut = await t.app.inject({
      method: 'DELETE',
      url: '/common/api/v1/driver-app/session',
      headers: signedOut.headers,
    });
    expect(signOut.statusCode).toBe(204);
    const newToken = await issueDriverToken(t.app.repositories, replaced.driverId);
    const freeToken = await issueDriverToken(t.app.repositories, free.driverId);
    // Refused first by the route each token is known to, then by the other.
    expect((await post(signedOut.headers, 18.41)).statusCode).toBe(401);
    expect((await postFixes(signedOut.headers, queued(base, [5]))).statusCode).toBe(401);
    for (const driver of [replaced, free]) {
      expect((await postFixes(driver.headers, queued(base, [5]))).statusCode).toBe(401);
      expect((await post(driver.headers, 18.42)).statusCode).toBe(401);
    }
    expect(await positionLatitudes(signedOut.serviceId)).toEqual([18.4]);
    expect(await positionLatitudes(replaced.serviceId)).toEqual([queued(base, [0])[0]?.lat]);
    expect((await storedDriver(free.driverId)).lastSeenAt?.toISOString()).toBe(
      queued(base, [0])[0]?.at,
    );
    // The phones signed in again are answered with their new tokens.
    const again = await post(bearerHeaders(t, newToken), 18.43);
    expect(again.json()).toEqual({ accepted: true, serviceId: replaced.serviceId });
    expect(await positionLatitudes(replaced.serviceId)).toEqual([queued(base, [0])[0]?.lat, 18.43]);
    const freeAgain = await postFixes(bearerHeaders(t, freeToken), queued(base, [5]));
    expect(freeAgain.json()).toEqual({ accepted: 1, lastPositionAt: queued(base, [5])[0]?.at });
  });

  it('refuses in the batch a position whose token was replaced after it was checked, even one not used', async () => {
    const [trip] = await trips(1);
    const [free] = await driversWithoutTrip(1, 1);
    if (!trip || !free) throw new Error('no drivers');
    const intake = createPositionIntake(t.app.repositories, t.db.kind);
    for (const driver of [trip, free]) {
      // What the request's token opened when it was checked; the phone signs in again meanwhile.
      const checked = await storedDriver(driver.driverId);
      await issueDriverToken(t.app.repositories, driver.driverId);
      const refusals = await Promise.allSettled([
        intake.report(checked, { lat: 18.44, lng: -66.1, accuracy: 5 }),
        // Too inaccurate to be used: refused all the same.
        intake.report(checked, { lat: 18.45, lng: -66.1, accuracy: 80 }),
        intake.reportFixes(checked, [{ lat: 18.46, lng: -66.1, at: new Date(Date.now() - 1000) }]),
        intake.reportFixes(checked, []),
      ]);
      for (const refusal of refusals) {
        expect(refusal).toMatchObject({ status: 'rejected', reason: { code: 'UNAUTHORIZED' } });
      }
      expect((await storedDriver(driver.driverId)).lastSeenAt).toBeNull();
    }
    expect(await positionLatitudes(trip.serviceId)).toEqual([]);
  });

  it('writes the requests with a driver’s new token and refuses those with the old one, in one batch', async () => {
    const [trip] = await trips(1);
    const [free] = await driversWithoutTrip(1, 1);
    if (!trip || !free) throw new Error('no drivers');
    const base = Date.now() - 60_000;
    const at = secondsAfter(base);
    for (const driver of [trip, free]) {
      const old = await storedDriver(driver.driverId);
      const renewed = {
        id: driver.driverId,
        tokenHash: hashServiceToken(await issueDriverToken(t.app.repositories, driver.driverId)),
      };
      // An intake of its own: the first request is written at once, the other three wait for it
      // and meet in the next batch, old and new tokens mixed.
      const intake = createPositionIntake(t.app.repositories, t.db.kind);
      const answers = await Promise.allSettled([
        intake.report(renewed, place(18.5), at(0)),
        intake.report(old, place(18.51), at(1)),
        intake.reportFixes(renewed, [{ ...place(18.52), at: at(2) }]),
        intake.reportFixes(old, [{ ...place(18.53), at: at(3) }]),
      ]);
      const serviceId = driver.serviceId || null;
      expect(answers).toMatchObject([
        { status: 'fulfilled', value: { accepted: true, serviceId } },
        { status: 'rejected', reason: { code: 'UNAUTHORIZED' } },
        { status: 'fulfilled', value: { accepted: 1, serviceId, lastSeenAt: at(2) } },
        { status: 'rejected', reason: { code: 'UNAUTHORIZED' } },
      ]);
      const stored = await storedDriver(driver.driverId);
      expect([stored.lastLat, stored.lastSeenAt]).toEqual([18.52, at(2)]);
    }
    expect(await positionLatitudes(trip.serviceId)).toEqual([18.5, 18.52]);
  });

  it('refuses on one API process a token signed out through another, though it knew it', async () => {
    const [trip] = await trips(1);
    if (!trip) throw new Error('no trip');
    const repos = t.app.repositories;
    let reads = 0;
    const counted = {
      drivers: {
        ...repos.drivers,
        findByTokenHash: (hash: string) => {
          reads += 1;
          return repos.drivers.findByTokenHash(hash);
        },
      },
      services: repos.services,
    };
    // Another process's own intake and known tokens, on the same database.
    const intake = createPositionIntake(counted, t.db.kind);
    const tokens = createDriverTokenCache(counted);
    const authorization = trip.headers.authorization;
    const report = (lat: number) =>
      tokens.withDriver(authorization, (driver) => intake.report(driver, { lat, lng: -66.1 }));
    for (const lat of [18.4, 18.41, 18.42]) {
      expect(await report(lat)).toEqual({ accepted: true, serviceId: trip.serviceId });
    }
    // The token was read once; the batches checked it each time.
    expect(reads).toBe(1);
    const signOut = await t.app.inject({
      method: 'DELETE',
      url: '/common/api/v1/driver-app/session',
      headers: trip.headers,
    });
    expect(signOut.statusCode).toBe(204);
    await expect(report(18.43)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // Forgotten once refused: the next request reads the database, which no longer knows it.
    await expect(report(18.44)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(reads).toBe(2);
    expect(await positionLatitudes(trip.serviceId)).toEqual([18.4, 18.41, 18.42]);
  });

  it('keeps a bounded number of tokens, the oldest forgotten first', async () => {
    const fleet = await driversWithoutTrip(0, 3);
    let reads = 0;
    const repos = t.app.repositories;
    const tokens = createDriverTokenCache(
      {
        drivers: {
          ...repos.drivers,
          findByTokenHash: (hash: string) => {
            reads += 1;
            return repos.drivers.findByTokenHash(hash);
          },
        },
      },
      { maxTokens: 2 },
    );
    const open = (driver: Trip) =>
      tokens.withDriver(driver.headers.authorization, (signed) => Promise.resolve(signed.id));
    for (const driver of fleet) expect(await open(driver)).toBe(driver.driverId);
    expect(reads).toBe(3);
    // The two latest are known; the first was forgotten to make room.
    for (const driver of fleet.slice(1)) await open(driver);
    expect(reads).toBe(3);
    const [first] = fleet;
    if (!first) throw new Error('no driver');
    await open(first);
    expect(reads).toBe(4);
  });
});
