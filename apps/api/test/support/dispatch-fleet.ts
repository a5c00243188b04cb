import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { dispatchOffers, drivers, serviceEvents, services } from '../../src/db/schema.ts';
import { dispatchTick } from '../../src/services/dispatch/engine.ts';
import { issueDriverToken } from '../../src/services/driver-app.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createService } from './journey-service.ts';
import { firstPrAccount } from './service-request-payload.ts';

// Dispatch tests (docs/decisions/760): three signed-in PR road drivers near one situation, the
// engine ticked by the test (fake clock or not), and the driver app API called as a phone calls it.

/** A spot in San Juan. */
export const SITUATION = { lat: 18.4655, lng: -66.1057 };

export interface FleetDriver {
  id: string;
  /** The app key and `Authorization: Bearer <driver token>`. */
  headers: Record<string, string>;
}

/** The driver state `GET /me` answers, as far as the tests read it. */
export interface DriverStateBody {
  version: string;
  driver: { online: boolean; busy: boolean; lastPositionAt: string | null };
  offer: { id: string; serviceId: string; expiresAt: string } | null;
  trip: { serviceId: string; tripStatus: string } | null;
}

/** Three PR road drivers (ids in order), each signed in with a driver token. */
export async function signInFleet(t: TestApp): Promise<FleetDriver[]> {
  const road = await t.db.db
    .select()
    .from(drivers)
    .where(
      and(eq(drivers.branch, 'PR'), inArray(drivers.vehicleType, ['tow_truck', 'service_car'])),
    )
    .orderBy(asc(drivers.id))
    .limit(3);
  const fleet: FleetDriver[] = [];
  for (const driver of road) {
    const token = await issueDriverToken(t.app.repositories, driver.id);
    fleet.push({
      id: driver.id,
      headers: { 'x-api-key': t.config.appKey, authorization: `Bearer ${token}` },
    });
  }
  return fleet;
}

/** No open service; only the fleet online, free, 1, 2 and 3 km from SITUATION (nearest first). */
export async function resetFleet(t: TestApp, fleet: readonly FleetDriver[]): Promise<void> {
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
        lastSeenAt: null,
      })
      .where(eq(drivers.id, driver.id));
  }
}

/** One engine tick at `at` (default: now). */
export const tickAt = (t: TestApp, at: number = Date.now()) =>
  dispatchTick(t.app.repositories, { clock: () => new Date(at) });

/** A call of the driver app API with the driver's headers. */
export function driverCall(
  t: TestApp,
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

/** `GET /me` (200 expected). */
export async function driverState(
  t: TestApp,
  driver: { headers: Record<string, string> },
): Promise<DriverStateBody> {
  const res = await driverCall(t, driver, 'GET', '/me');
  expect(res.statusCode).toBe(200);
  return res.json<DriverStateBody>();
}

/** The service's history, oldest first. */
export function historyOf(t: TestApp, serviceId: string) {
  return t.db.db
    .select({ type: serviceEvents.type, payload: serviceEvents.payload })
    .from(serviceEvents)
    .where(eq(serviceEvents.serviceId, serviceId))
    .orderBy(asc(serviceEvents.seq));
}

/** The service's `dispatch` steps, oldest first. */
export async function dispatchStepsOf(t: TestApp, serviceId: string): Promise<unknown[]> {
  return (await historyOf(t, serviceId))
    .filter((event) => event.type === 'dispatch')
    .map((event) => event.payload['step']);
}

/** The service row (it must exist). */
export async function serviceOf(t: TestApp, id: string) {
  const [row] = await t.db.db.select().from(services).where(eq(services.id, id));
  if (!row) throw new Error(`no service ${id}`);
  return row;
}

/** A request at SITUATION, created over HTTP. */
export function requestAtSituation(
  t: TestApp,
  accountId: string,
  overrides: Parameters<typeof createService>[2] = {},
) {
  return createService(t, accountId, {
    sitLatitude: SITUATION.lat,
    sitLongitude: SITUATION.lng,
    ...overrides,
  });
}

/** What a dispatch test file works with; filled before its first test. */
export interface DispatchFleetSuite {
  t: TestApp;
  /** The first PR account, for the requests. */
  accountId: string;
  /** Three PR road drivers, nearest first from SITUATION, with their bearer headers. */
  fleet: FleetDriver[];
  /** One engine tick at `at` (default: now). */
  tick: (at?: number) => ReturnType<typeof tickAt>;
  /** A call of the driver app API as `driver`. */
  driverCall: (
    driver: { headers: Record<string, string> },
    method: 'GET' | 'POST',
    path: string,
    payload?: Record<string, unknown>,
  ) => ReturnType<typeof driverCall>;
  /** `GET /me` as `driver` (200 expected). */
  me: (driver: { headers: Record<string, string> }) => Promise<DriverStateBody>;
  /** A request at SITUATION on the suite's account, created over HTTP. */
  request: (
    overrides?: Parameters<typeof requestAtSituation>[2],
  ) => ReturnType<typeof requestAtSituation>;
}

/**
 * A dispatch test file's set-up: an app with the engine and the simulated drivers off (the test
 * ticks), the fleet signed in once, and before each test no open service and the fleet as
 * `resetFleet` leaves it.
 */
export function useDispatchFleet(): DispatchFleetSuite {
  const suite = {
    tick: (at?: number) => tickAt(suite.t, at),
    driverCall: (driver, method, path, payload) =>
      driverCall(suite.t, driver, method, path, payload),
    me: (driver) => driverState(suite.t, driver),
    request: (overrides = {}) => requestAtSituation(suite.t, suite.accountId, overrides),
  } as DispatchFleetSuite;
  beforeAll(async () => {
    suite.t = await createTestApp({ config: { driverSimulator: false, dispatchEngine: false } });
    suite.accountId = await firstPrAccount(suite.t.db);
    suite.fleet = await signInFleet(suite.t);
  });
  afterAll(async () => {
    await suite.t.close();
  });
  beforeEach(async () => {
    await resetFleet(suite.t, suite.fleet);
  });
  return suite;
}

/**
 * Facts that hold whatever order concurrent assignments and offers ran in: no driver works two
 * services or works one while offered another, no service is both given and offered, and every
 * driver with an Active service is busy.
 */
export async function expectConsistentDispatch(t: TestApp): Promise<void> {
  const open = await t.db.db
    .select({ id: services.id, driverId: services.driverId })
    .from(services)
    .where(eq(services.status, 'Active'));
  const pending = await t.db.db
    .select({ driverId: dispatchOffers.driverId, serviceId: dispatchOffers.serviceId })
    .from(dispatchOffers)
    .where(eq(dispatchOffers.state, 'pending'));
  const driverIds = open.map((row) => row.driverId);
  expect(new Set(driverIds).size).toBe(driverIds.length);
  expect(pending.filter((offer) => driverIds.includes(offer.driverId))).toEqual([]);
  const openIds = open.map((row) => row.id);
  expect(pending.filter((offer) => openIds.includes(offer.serviceId))).toEqual([]);
  const busy = open.flatMap((row) => (row.driverId ? [row.driverId] : []));
  if (busy.length === 0) return;
  const rows = await t.db.db
    .select({ status: drivers.status })
    .from(drivers)
    .where(inArray(drivers.id, busy));
  expect(rows.map((row) => row.status)).toEqual(busy.map(() => 'busy'));
}
