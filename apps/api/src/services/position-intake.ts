import { isAccurateEnough } from '@auxilio/domain';
import type { DriverPatch, DriverRow } from '../repositories/drivers.ts';
import type { Repositories } from '../repositories/index.ts';
import { positionChange, type PositionReport, type PositionResult } from './driver-app.ts';

// The positions drivers post while they work (docs/decisions/781). Every driver on a trip posts
// every few seconds, so at scale positions arrive by the hundred at once: they are written together
// (a group commit). While batches are being written the next ones gather; an idle API writes a
// position at once. Each position is answered only once its batch has committed, so nothing a
// driver was told was recorded is lost. A driver's positions that reach the same batch keep the
// newest, which is what the customer's map shows.

/** Most positions written in one transaction. */
const MAX_BATCH = 25;
/**
 * Batches written at once on PostgreSQL, each in its own transaction and pooled connection: a batch
 * waits on the database's round trips rather than on the CPU, so a few overlap (and leave part of
 * the pool to other requests). A driver is in one at most. The embedded database has one
 * connection, on which transactions only queue: one batch at a time there.
 */
export const CONCURRENT_BATCHES = { postgres: 6, pglite: 1 } as const;

interface Pending {
  driver: DriverRow;
  report: PositionReport;
  at: Date;
  resolve: (result: PositionResult) => void;
  reject: (error: unknown) => void;
}

export interface PositionIntake {
  /** Records the driver's position; the customer of their Active service gets a position event. */
  report(driver: DriverRow, report: PositionReport, now?: Date): Promise<PositionResult>;
}

type IntakeRepos = Pick<Repositories, 'drivers' | 'services'>;

export function createPositionIntake(
  repos: IntakeRepos,
  database: keyof typeof CONCURRENT_BATCHES,
): PositionIntake {
  const concurrentBatches = CONCURRENT_BATCHES[database];
  let waiting: Pending[] = [];
  /** Drivers with a batch being written: their next positions wait, so none overtakes another. */
  const writingFor = new Set<string>();
  let batchesWriting = 0;

  const write = async (batch: Pending[]): Promise<void> => {
    try {
      const results = await writeBatch(repos, batch);
      for (const pending of batch) {
        const result = results.get(pending.driver.id) ?? REJECTED;
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

  return {
    report(driver, report, now = new Date()) {
      // SPEC 5: "Live position accepted only when accuracy is 20 m or better" (applied to drivers
      // too, docs/decisions/231); a report without accuracy is taken as exact.
      if (report.accuracy != null && !isAccurateEnough(report.accuracy)) {
        return Promise.resolve(REJECTED);
      }
      return new Promise((resolve, reject) => {
        waiting.push({ driver, report, at: now, resolve, reject });
        startBatches();
      });
    },
  };
}

const REJECTED: PositionResult = { accepted: false, serviceId: null };

function positionOf({ report, at }: Pending): DriverPatch {
  return {
    lastLat: report.lat,
    lastLng: report.lng,
    lastHeading: report.heading ?? null,
    lastAccuracy: report.accuracy ?? null,
    lastSeenAt: at,
  };
}

/**
 * One batch: the trips' services and their drivers in one transaction, then each driver without a
 * trip on their own. A driver's result is an error when only their own write failed: the trips'
 * positions are committed by then and are answered as such.
 */
async function writeBatch(
  repos: IntakeRepos,
  batch: readonly Pending[],
): Promise<Map<string, PositionResult | Error>> {
  const newest = new Map<string, Pending>();
  for (const pending of batch) newest.set(pending.driver.id, pending);
  const changed = await repos.services.changeActiveOfDrivers([...newest.keys()], (service) => {
    const pending = newest.get(service.driverId ?? '');
    if (!pending) return 'keep';
    const change = positionChange(service, pending.driver, pending.report, pending.at);
    return { ...change, driver: { id: pending.driver.id, patch: positionOf(pending) } };
  });
  const results = new Map<string, PositionResult | Error>();
  for (const [driverId, pending] of newest) {
    const change = changed.get(driverId);
    if (change) {
      const serviceId = change.events.length > 0 ? change.service.id : null;
      results.set(driverId, { accepted: true, serviceId });
      continue;
    }
    // No trip under way: only the driver's own position moves (dispatch ranks by it).
    try {
      await repos.drivers.updateDriver(driverId, positionOf(pending));
      results.set(driverId, { accepted: true, serviceId: null });
    } catch (error) {
      results.set(driverId, error instanceof Error ? error : new Error(String(error)));
    }
  }
  return results;
}
