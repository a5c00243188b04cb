import { isAccurateEnough } from '@auxilio/domain';
import type { DriverPosition, DriverRow } from '../repositories/drivers.ts';
import type { Repositories } from '../repositories/index.ts';
import {
  positionChange,
  unknownDriverToken,
  type PositionReport,
  type PositionResult,
} from './driver-app.ts';

// The positions drivers post while they work (docs/decisions/781): one at a time
// (`POST /position`) or the fixes a phone queued (`POST /positions`). Every driver on a trip posts
// every few seconds, so at scale positions arrive by the hundred at once: they are written together
// (a group commit). While batches are being written the next ones gather; an idle API writes a
// position at once. Each request is answered only once its batch has committed, so nothing a
// driver was told was recorded is lost. Only a fix newer than the driver's stored position counts,
// and of a driver's fixes that reach the same batch the newest becomes their position, which is
// what the customer's map shows. Every request is answered only if the driver's row still holds
// the token it came with, read under the row's lock in the batch: a token signed out or replaced
// is refused at once, even one checked before (docs/decisions/792).

/** Most requests written in one transaction. */
const MAX_BATCH = 25;
/**
 * Batches written at once on PostgreSQL, each in its own transaction and pooled connection: a batch
 * waits on the database's round trips rather than on the CPU, so a few overlap (and leave part of
 * the pool to other requests). A driver is in one at most. The embedded database has one
 * connection, on which transactions only queue: one batch at a time there.
 */
export const CONCURRENT_BATCHES = { postgres: 6, pglite: 1 } as const;

/** A fix and when the phone took it. */
export interface TimedFix extends PositionReport {
  at: Date;
}

interface Fix extends TimedFix {
  /**
   * Posted as taken now (`POST /position`): it replaces a position stored at the same instant.
   * Queued fixes may be sent again, so only those strictly newer than the stored one count.
   */
  takenNow?: boolean;
}

/** What a request's fixes did, once its batch has committed. */
export interface WrittenFixes {
  /** How many of its fixes were newer than the driver's stored position. */
  accepted: number;
  /** The driver's Active service that got a position event, if any. */
  serviceId: string | null;
  /** The time of the driver's stored position after the batch. */
  lastSeenAt: Date | null;
}

/** The driver a request's bearer token opened, and that token's hash. */
export type SignedDriver = Pick<DriverRow, 'id' | 'tokenHash'>;

interface Pending {
  driver: SignedDriver;
  /** Oldest first. */
  fixes: readonly Fix[];
  resolve: (written: WrittenFixes) => void;
  reject: (error: unknown) => void;
}

export interface PositionIntake {
  /**
   * Records the driver's position now; the customer of their Active service gets a position event.
   * 401 when the driver's row no longer holds the token.
   */
  report(driver: SignedDriver, report: PositionReport, now?: Date): Promise<PositionResult>;
  /**
   * Records fixes the driver's phone queued, usable ones only, oldest first: those newer than the
   * driver's stored position count, the newest becomes it and the customer of their Active service
   * gets one position event for it. 401 when the driver's row no longer holds the token.
   */
  reportFixes(driver: SignedDriver, fixes: readonly TimedFix[]): Promise<WrittenFixes>;
}

type IntakeRepos = Pick<Repositories, 'drivers' | 'services'>;

export function createPositionIntake(
  repos: IntakeRepos,
  database: keyof typeof CONCURRENT_BATCHES,
): PositionIntake {
  const concurrentBatches = CONCURRENT_BATCHES[database];
  let waiting: Pending[] = [];
  /** Drivers with a batch being written: their next requests wait, so none overtakes another. */
  const writingFor = new Set<string>();
  let batchesWriting = 0;

  const write = async (batch: Pending[]): Promise<void> => {
    try {
      const results = await writeBatch(repos, batch);
      for (const pending of batch) {
        const result = results.get(pending) ?? new Error('position not written');
        if (result instanceof Error) pending.reject(result);
        else pending.resolve(result);
      }
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  };

  const startBatches = (): void => {
    while (batchesWriting < concurrentBatches && waiting.length > 0) {
      const batch: Pending[] = [];
      const drivers = new Set<string>();
      const held: Pending[] = [];
      for (const pending of waiting) {
        const id = pending.driver.id;
        const fits = drivers.has(id) || (batch.length < MAX_BATCH && !writingFor.has(id));
        if (fits) {
          batch.push(pending);
          drivers.add(id);
        } else {
          held.push(pending);
        }
      }
      if (batch.length === 0) return;
      waiting = held;
      for (const id of drivers) writingFor.add(id);
      batchesWriting += 1;
      void write(batch).finally(() => {
        for (const id of drivers) writingFor.delete(id);
        batchesWriting -= 1;
        startBatches();
      });
    }
  };

  const enqueue = (driver: SignedDriver, fixes: readonly Fix[]): Promise<WrittenFixes> =>
    new Promise((resolve, reject) => {
      waiting.push({ driver, fixes, resolve, reject });
      startBatches();
    });

  return {
    async report(driver, report, now = new Date()) {
      // SPEC 5: "Live position accepted only when accuracy is 20 m or better" (applied to drivers
      // too, docs/decisions/231); a report without accuracy is taken as exact. A fix not used still
      // goes through a batch, where the token is checked.
      const usable = report.accuracy == null || isAccurateEnough(report.accuracy);
      const written = await enqueue(driver, usable ? [{ ...report, at: now, takenNow: true }] : []);
      return written.accepted > 0 ? { accepted: true, serviceId: written.serviceId } : NOT_USED;
    },

    reportFixes: enqueue,
  };
}

const NOT_USED: PositionResult = { accepted: false, serviceId: null };

/** What one driver's requests in a batch do to their stored position. */
interface Merged {
  /** Per request, in arrival order: how many of its fixes count. */
  counts: number[];
  /** The fix that becomes the driver's position; none when no fix counts. */
  newest: Fix | undefined;
  /** The time of the driver's position once written. */
  lastSeenAt: Date | null;
}

/**
 * A driver's requests in a batch, in arrival order, as if written one after another: a request's
 * fixes count when newer than the driver's position by then (the stored one, or the newest fix of
 * the requests before it). So a fix two requests both carry counts once, the newest fix by time
 * becomes the position (of two at the same instant, the later posted) and it never moves back.
 */
function merge(requests: readonly Pending[], storedAt: Date | null): Merged {
  let last = storedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  let newest: Fix | undefined;
  const counts = requests.map(({ fixes }) => {
    const since = last;
    const counted = fixes.filter(
      (fix) => fix.at.getTime() > since || (fix.takenNow === true && fix.at.getTime() === since),
    );
    const top = counted.at(-1);
    if (top) {
      newest = top;
      last = top.at.getTime();
    }
    return counted.length;
  });
  return { counts, newest, lastSeenAt: newest?.at ?? storedAt };
}

function positionOf(fix: Fix): DriverPosition {
  return {
    lastLat: fix.lat,
    lastLng: fix.lng,
    lastHeading: fix.heading ?? null,
    lastAccuracy: fix.accuracy ?? null,
    lastSeenAt: fix.at,
  };
}

/** A driver's requests in a batch, their tokens checked under the lock of the driver's row. */
interface Checked {
  /** The requests whose token the row holds, in arrival order. */
  signed: Pending[];
  /** The others: their token was signed out or replaced since it was checked. */
  refused: Pending[];
  fixes: Merged;
}

function checkTokens(
  requests: readonly Pending[],
  row: SignedDriver,
  storedAt: Date | null,
): Checked {
  const holds = (pending: Pending) =>
    row.tokenHash !== null && pending.driver.tokenHash === row.tokenHash;
  const signed = requests.filter(holds);
  const refused = requests.filter((pending) => !holds(pending));
  return { signed, refused, fixes: merge(signed, storedAt) };
}

/**
 * One batch: the trips' services and their drivers in one transaction, then each driver without a
 * trip on their own. A request's result is an error when its token is no longer the driver's, or
 * when only its driver's own write failed: the trips' positions are committed by then and are
 * answered as such.
 */
async function writeBatch(
  repos: IntakeRepos,
  batch: readonly Pending[],
): Promise<Map<Pending, WrittenFixes | Error>> {
  const requestsOf = new Map<string, Pending[]>();
  for (const pending of batch) {
    requestsOf.set(pending.driver.id, [...(requestsOf.get(pending.driver.id) ?? []), pending]);
  }
  // Decided under the lock of the driver's row: the stored token and position are the ones
  // compared with.
  const checked = new Map<string, Checked>();
  const changed = await repos.services.changeActiveOfDrivers(
    [...requestsOf.keys()],
    (service, driver) => {
      const ofDriver = checkTokens(requestsOf.get(driver.id) ?? [], driver, driver.lastSeenAt);
      checked.set(driver.id, ofDriver);
      const { newest } = ofDriver.fixes;
      if (!newest) return 'keep';
      const change = positionChange(service, driver, newest, newest.at);
      return { ...change, driver: { id: driver.id, patch: positionOf(newest) } };
    },
  );
  const results = new Map<Pending, WrittenFixes | Error>();
  for (const [driverId, requests] of requestsOf) {
    const change = changed.get(driverId);
    try {
      const { signed, refused, fixes } =
        checked.get(driverId) ?? (await moveWithoutTrip(repos, driverId, requests));
      const serviceId = change && change.events.length > 0 ? change.service.id : null;
      signed.forEach((pending, index) => {
        const accepted = fixes.counts[index] ?? 0;
        results.set(pending, { accepted, serviceId, lastSeenAt: fixes.lastSeenAt });
      });
      for (const pending of refused) results.set(pending, unknownDriverToken());
    } catch (error) {
      for (const pending of requests) {
        results.set(pending, error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
  return results;
}

/**
 * A driver with no trip under way: only their own row moves (dispatch ranks by it), to the newest
 * of their fixes when it is newer than the stored one and the row still holds the requests' token;
 * which fixes count follows from the stored time it was compared with. Requests that came with
 * another token (one replaced while they waited) are refused, as are all when the row is gone.
 */
async function moveWithoutTrip(
  repos: IntakeRepos,
  driverId: string,
  requests: readonly Pending[],
): Promise<Checked> {
  // Almost always one token; after a new sign-in, requests with the old one may wait beside it.
  const tokens = [...new Set(requests.map((pending) => pending.driver.tokenHash))].reverse();
  for (const tokenHash of tokens) {
    if (tokenHash === null) continue;
    const row = { id: driverId, tokenHash };
    const { newest } = checkTokens(requests, row, null).fixes;
    if (newest) {
      const orSameInstant = newest.takenNow === true;
      const position = positionOf(newest);
      const moved = await repos.drivers.moveIfNewer(driverId, tokenHash, position, orSameInstant);
      if (moved.found) return checkTokens(requests, row, moved.storedAt);
    } else {
      // Nothing to write (no usable fix): the token is still checked, and the stored time answered.
      const stored = await repos.drivers.findByTokenHash(tokenHash);
      if (stored?.id === driverId) return checkTokens(requests, row, stored.lastSeenAt);
    }
  }
  return checkTokens(requests, { id: driverId, tokenHash: null }, null);
}
