import { isAccurateEnough } from '@auxilio/domain';
import type { DriverPosition, DriverRow } from '../repositories/drivers.ts';
import type { Repositories } from '../repositories/index.ts';
import { AppError } from '../lib/errors.ts';
import { positionChange, type PositionReport, type PositionResult } from './driver-app.ts';

// The positions drivers post while they work (docs/decisions/781): one at a time
// (`POST /position`) or the fixes a phone queued (`POST /positions`). Every driver on a trip posts
// every few seconds, so at scale positions arrive by the hundred at once: they are written together
// (a group commit). While batches are being written the next ones gather; an idle API writes a
// position at once. Each request is answered only once its batch has committed, so nothing a
// driver was told was recorded is lost. Only a fix newer than the driver's stored position counts,
// and of a driver's fixes that reach the same batch the newest becomes their position, which is
// what the customer's map shows.

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

interface Pending {
  driver: DriverRow;
  /** Oldest first. */
  fixes: readonly Fix[];
  resolve: (written: WrittenFixes) => void;
  reject: (error: unknown) => void;
}

export interface PositionIntake {
  /** Records the driver's position now; the customer of their Active service gets a position event. */
  report(driver: DriverRow, report: PositionReport, now?: Date): Promise<PositionResult>;
  /**
   * Records fixes the driver's phone queued, usable ones only, oldest first: those newer than the
   * driver's stored position count, the newest becomes it and the customer of their Active service
   * gets one position event for it.
   */
  reportFixes(driver: DriverRow, fixes: readonly TimedFix[]): Promise<WrittenFixes>;
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

  const enqueue = (driver: DriverRow, fixes: readonly Fix[]): Promise<WrittenFixes> =>
    new Promise((resolve, reject) => {
      waiting.push({ driver, fixes, resolve, reject });
      startBatches();
    });

  return {
    async report(driver, report, now = new Date()) {
      // SPEC 5: "Live position accepted only when accuracy is 20 m or better" (applied to drivers
      // too, docs/decisions/231); a report without accuracy is taken as exact.
      if (report.accuracy != null && !isAccurateEnough(report.accuracy)) return NOT_USED;
      const written = await enqueue(driver, [{ ...report, at: now, takenNow: true }]);
      return written.accepted > 0 ? { accepted: true, serviceId: written.serviceId } : NOT_USED;
    },

    reportFixes(driver, fixes) {
      if (fixes.length === 0) {
        return Promise.resolve({ accepted: 0, serviceId: null, lastSeenAt: driver.lastSeenAt });
      }
      return enqueue(driver, fixes);
    },
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

/**
 * One batch: the trips' services and their drivers in one transaction, then each driver without a
 * trip on their own. A request's result is an error when only its driver's own write failed: the
 * trips' positions are committed by then and are answered as such.
 */
async function writeBatch(
  repos: IntakeRepos,
  batch: readonly Pending[],
): Promise<Map<Pending, WrittenFixes | Error>> {
  const requestsOf = new Map<string, Pending[]>();
  for (const pending of batch) {
    requestsOf.set(pending.driver.id, [...(requestsOf.get(pending.driver.id) ?? []), pending]);
  }
  // Decided under the lock of the driver's row: the stored position is the one compared with.
  const merged = new Map<string, Merged>();
  const changed = await repos.services.changeActiveOfDrivers(
    [...requestsOf.keys()],
    (service, driver) => {
      const fixes = merge(requestsOf.get(driver.id) ?? [], driver.lastSeenAt);
      merged.set(driver.id, fixes);
      const { newest } = fixes;
      if (!newest) return 'keep';
      const change = positionChange(service, driver, newest, newest.at);
      return { ...change, driver: { id: driver.id, patch: positionOf(newest) } };
    },
  );
  const results = new Map<Pending, WrittenFixes | Error>();
  for (const [driverId, requests] of requestsOf) {
    const change = changed.get(driverId);
    try {
      const fixes = merged.get(driverId) ?? (await moveWithoutTrip(repos, driverId, requests));
      const serviceId = change && change.events.length > 0 ? change.service.id : null;
      requests.forEach((pending, index) => {
        const accepted = fixes.counts[index] ?? 0;
        results.set(pending, { accepted, serviceId, lastSeenAt: fixes.lastSeenAt });
      });
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
 * of their fixes when it is newer than the stored one; which fixes count follows from the stored
 * time it was compared with.
 */
async function moveWithoutTrip(
  repos: IntakeRepos,
  driverId: string,
  requests: readonly Pending[],
): Promise<Merged> {
  const { newest } = merge(requests, null);
  if (!newest) throw new Error(`no position of driver ${driverId} to write`);
  const { found, storedAt } = await repos.drivers.moveIfNewer(
    driverId,
    positionOf(newest),
    newest.takenNow === true,
  );
  // Deleted since their token was checked: their token opens nothing now, and nothing was stored.
  if (!found) throw new AppError('UNAUTHORIZED', 'Unknown driver token');
  return merge(requests, storedAt);
}
