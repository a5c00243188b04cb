import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { dispatchOffers, drivers, services } from '../../src/db/schema.ts';
import { towBreakdownRow } from '../../src/db/testing.ts';
import type { Repositories } from '../../src/repositories/index.ts';
import { acceptOffer } from '../../src/services/dispatch/offers.ts';

// Dispatch under load (docs/decisions/760), as the two-worker test and the throughput benchmark run
// it on PostgreSQL: a fleet of online tow trucks around San Juan, queued tow requests written at
// once through the service write path, engine processes (`npm run worker`, src/worker.ts) on the
// same database, and drivers who accept each offer the moment it is made, through the same
// acceptOffer the driver API calls.

const WORKER = fileURLToPath(new URL('../../src/worker.ts', import.meta.url));
const SAN_JUAN = { lat: 18.4655, lng: -66.1057 };

const numbered = (prefix: string, i: number) => `${prefix}-${String(i).padStart(4, '0')}`;

/** Runs `work` over `items`, `width` at a time. */
export async function inParallel<T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        if (item !== undefined) await work(item);
      }
    }),
  );
}

/**
 * Every other driver offline, and `count` online, available tow trucks on a grid around San Juan
 * (ids `<scope>-driver-0000` on), so that only this fleet takes offers.
 */
export async function putLoadFleetOnline(db: Db, scope: string, count: number): Promise<void> {
  await db.update(drivers).set({ online: false });
  const fleet = Array.from({ length: count }, (_, i) => ({
    id: numbered(`${scope}-driver`, i),
    branch: 'PR',
    name: `Chofer ${String(i)}`,
    email: `${scope}.driver.${String(i)}@flota.example`,
    phone: '+17875550199',
    iconset: 'tow',
    vehicleType: 'tow_truck',
    status: 'available',
    online: true,
    lastLat: SAN_JUAN.lat + ((i % 40) - 20) * 0.002,
    lastLng: SAN_JUAN.lng + (Math.floor(i / 40) - 12) * 0.002,
  }));
  for (let i = 0; i < fleet.length; i += 200) {
    await db.insert(drivers).values(fleet.slice(i, i + 200));
  }
}

/**
 * `count` tow breakdowns around San Juan (ids `<scope>-svc-0000` on), queued and due now, written 25
 * at a time through the one creation path (created event, dispatch due); answers their ids.
 */
export async function writeLoadRequests(
  repos: Repositories,
  accountId: string,
  scope: string,
  count: number,
): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => numbered(`${scope}-svc`, i));
  const createdAt = new Date();
  await inParallel(ids, 25, async (id) => {
    const i = Number(id.slice(-4));
    await repos.services.createIdempotent({
      key: `${scope}:${id}`,
      scope,
      requestHash: id,
      statusCode: 201,
      row: {
        ...towBreakdownRow(id, accountId, `hash-${id}`),
        status: 'Queued',
        statusNumber: 1,
        tripStatus: 'NEW',
        tripStamps: { NEW: createdAt.toISOString() },
        situationLat: SAN_JUAN.lat + ((i % 25) - 12) * 0.003,
        situationLng: SAN_JUAN.lng + (Math.floor(i / 25) - 20) * 0.003,
        dispatchAt: createdAt,
      },
      created: { status: 'Queued', statusNumber: 1, tripStatus: 'NEW' },
      respond: () => ({}),
    });
  });
  return ids;
}

/** One engine process on the database at `databaseUrl`; offers last 120 s, so none expires. */
export function startDispatchWorker(databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      DISPATCH_OFFER_SECONDS: '120',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Plays the drivers: each pending offer is accepted at once, until every request of `ids` is
 * Active or `giveUpMs` passed (waiting `idleMs` whenever no offer was pending). Answers how many
 * of them are Active.
 */
export async function acceptOffersUntilAssigned(
  db: Db,
  repos: Repositories,
  ids: readonly string[],
  { giveUpMs, idleMs }: { giveUpMs: number; idleMs: number },
): Promise<number> {
  const deadline = performance.now() + giveUpMs;
  let assigned = 0;
  while (assigned < ids.length && performance.now() < deadline) {
    const pending = await db
      .select({ offer: dispatchOffers, driver: drivers })
      .from(dispatchOffers)
      .innerJoin(drivers, eq(drivers.id, dispatchOffers.driverId))
      .where(eq(dispatchOffers.state, 'pending'));
    await inParallel(pending, 8, async ({ offer, driver }) => {
      await acceptOffer(repos, driver, offer.id, new Date());
    });
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(services)
      .where(and(inArray(services.id, [...ids]), eq(services.status, 'Active')));
    assigned = row?.n ?? 0;
    if (pending.length === 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
  }
  return assigned;
}
