import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, serviceEvents, services } from '../src/db/schema.ts';
import { issueDriverToken } from '../src/services/driver-app.ts';
import { bearerHeaders } from './support/api-target.ts';
import { createService } from './support/journey-service.ts';
import { firstPrAccount } from './support/service-request-payload.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Queued fixes racing another writer of the same driver (docs/decisions/781), on PostgreSQL where a
// second connection can hold the driver's row: the batch waits for it, and counts only the fixes
// newer than what that writer stored.

let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp({ config: { driverSimulator: false } });
  accountId = await firstPrAccount(t.db);
  await t.db.db
    .update(services)
    .set({ status: 'Void', statusNumber: 7 })
    .where(inArray(services.status, ['Queued', 'Active']));
  await t.db.db.update(drivers).set({ lastSeenAt: null });
});
afterAll(async () => {
  await t.close();
});

/** Until a statement of the app waits for a row lock. */
async function waitForLockWait() {
  for (let tries = 0; tries < 200; tries += 1) {
    const result: unknown = await t.db.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    const [row] = (result as { rows: { n: number }[] }).rows;
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the batch never waited for the driver row');
}

describe('queued fixes racing another writer of the driver', () => {
  it('count only the fixes newer than what the writer holding the driver’s row stored', async () => {
    const [onTrip, free] = await t.db.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(eq(drivers.branch, 'PR'))
      .orderBy(asc(drivers.id))
      .limit(2);
    if (!onTrip || !free) throw new Error('two drivers of Puerto Rico');
    const { id: serviceId } = await createService(t, accountId);
    await t.db.db
      .update(services)
      .set({ driverId: onTrip.id, status: 'Active', statusNumber: 2, tripStatus: 'ON_ROUTE' })
      .where(eq(services.id, serviceId));
    const base = Date.now() - 120_000;
    const at = (second: number) => new Date(base + second * 1000).toISOString();
    const positions = [1, 2, 3].map((second) => ({
      lat: 18.4 + second / 10_000,
      lng: -66.1,
      accuracy: 5,
      at: at(second),
    }));
    for (const driver of [onTrip, free]) {
      const headers = bearerHeaders(t, await issueDriverToken(t.app.repositories, driver.id));
      let posting: Promise<{ json: () => unknown }> | undefined;
      // Stands for another API process: it holds the driver's row, stores the fix of second 2 and
      // commits while the batch waits for that row.
      await t.db.db.transaction(async (tx) => {
        await tx.select().from(drivers).where(eq(drivers.id, driver.id)).for('update');
        posting = t.app.inject({
          method: 'POST',
          url: '/common/api/v1/driver-app/positions',
          headers,
          payload: { positions },
        });
        await waitForLockWait();
        await tx
          .update(drivers)
          .set({ lastLat: 18.5, lastLng: -66.1, lastSeenAt: new Date(at(2)) })
          .where(eq(drivers.id, driver.id));
      });
      const res = await posting;
      expect(res?.json()).toEqual({ accepted: 1, lastPositionAt: at(3) });
      const [stored] = await t.db.db.select().from(drivers).where(eq(drivers.id, driver.id));
      expect(stored?.lastSeenAt?.toISOString()).toBe(at(3));
      expect(stored?.lastLat).toBe(positions[2]?.lat);
    }
    const events = await t.db.db
      .select({ payload: serviceEvents.payload })
      .from(serviceEvents)
      .where(and(eq(serviceEvents.serviceId, serviceId), eq(serviceEvents.type, 'position')));
    expect(events.map((event) => event.payload['at'])).toEqual([at(3)]);
  });
});
