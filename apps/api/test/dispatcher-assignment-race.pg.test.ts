import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dispatchOffers, drivers } from '../src/db/schema.ts';
import { DEMO_DISPATCHER_EMAILS, dispatcherToken } from './support/dispatcher-session.ts';
import {
  expectConsistentDispatch,
  historyOf,
  serviceOf,
  useDispatchFleet,
} from './support/dispatch-fleet.ts';

// A dispatcher's assignment racing the engine (docs/decisions/762), on PostgreSQL where a second
// connection can hold a row lock: an offer the engine makes the chosen driver while the
// assignment waits for that driver's row is withdrawn with the assignment.

const suite = useDispatchFleet();
let headers: Record<string, string>;

beforeAll(async () => {
  const token = await dispatcherToken(suite.t.app, DEMO_DISPATCHER_EMAILS.pr);
  headers = { 'x-api-key': suite.t.config.appKey, authorization: `Bearer ${token}` };
});

function assign(serviceId: string, driverId: string) {
  return suite.t.app.inject({
    method: 'POST',
    url: `/common/api/v1/dispatcher/services/${serviceId}/assignment`,
    headers,
    payload: { driverId },
  });
}

/** Until a statement of the app waits for a row lock. */
async function waitForLockWait() {
  for (let tries = 0; tries < 200; tries += 1) {
    const result: unknown = await suite.t.db.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    const [row] = (result as { rows: { n: number }[] }).rows;
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the assignment never waited for the driver row');
}

describe('an assignment racing the engine', () => {
  it('an offer the engine makes the chosen driver while the assignment waits for them is withdrawn too', async () => {
    const [first] = suite.fleet;
    if (!first) throw new Error('the fleet has three drivers');
    const created = await suite.request();
    const offered = await suite.request();
    let assigning: ReturnType<typeof assign> | undefined;
    // Stands for the engine: it holds the driver's row, offers them a service and commits while
    // the assignment waits for that row.
    await suite.t.db.db.transaction(async (tx) => {
      await tx.select().from(drivers).where(eq(drivers.id, first.id)).for('update');
      assigning = assign(created.id, first.id);
      await waitForLockWait();
      await tx.insert(dispatchOffers).values({
        id: `engine-${offered.id}`,
        serviceId: offered.id,
        driverId: first.id,
        state: 'pending',
        etaSeconds: 60,
        distanceMeters: 1000,
        offeredAt: new Date(),
        expiresAt: new Date(Date.now() + 60_000),
      });
    });
    const res = await assigning;
    expect(res?.statusCode).toBe(200);
    expect(await serviceOf(suite.t, created.id)).toMatchObject({ driverId: first.id });
    const [offer] = await suite.t.db.db
      .select({ state: dispatchOffers.state })
      .from(dispatchOffers)
      .where(eq(dispatchOffers.id, `engine-${offered.id}`));
    expect(offer?.state).toBe('withdrawn');
    expect(await serviceOf(suite.t, offered.id)).toMatchObject({
      status: 'Queued',
      driverId: null,
    });
    const steps = (await historyOf(suite.t, offered.id))
      .filter((event) => event.type === 'dispatch')
      .map((event) => event.payload.step);
    expect(steps.at(-1)).toBe('withdrawn');
    await expectConsistentDispatch(suite.t);
  });
});
