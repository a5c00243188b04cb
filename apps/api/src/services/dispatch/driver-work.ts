import { AppError } from '../../lib/errors.ts';
import type { DriverRow } from '../../repositories/drivers.ts';
import type { Repositories } from '../../repositories/index.ts';
import { reportPosition, type PositionReport } from '../driver-app.ts';
import { rejectOffer } from './offers.ts';

// The driver app's own switches (docs/decisions/760): online for offers or not, and the batched
// positions a phone sends after a stretch without signal.

type WorkRepos = Pick<Repositories, 'dispatch' | 'drivers' | 'services'>;

/**
 * Switches the driver online or offline. Going offline rejects the pending offer (the next driver
 * gets it at once); a trip under way stays, only new offers stop.
 */
export async function setDriverOnline(
  repos: WorkRepos,
  driver: DriverRow,
  online: boolean,
  now: Date,
): Promise<void> {
  if (!online) {
    const pending = await repos.dispatch.findPendingOfferOf(driver.id);
    if (pending) {
      await rejectOffer(repos, driver, pending.id, now).catch((error: unknown) => {
        // Answered or withdrawn meanwhile: nothing left to reject.
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      });
    }
  }
  await repos.dispatch.setOnline(driver.id, online);
}

export interface TimedPosition extends PositionReport {
  /** When the phone took the fix. */
  at: Date;
}

/**
 * Stores a batch of fixes, oldest first. A fix not newer than the driver's last one is ignored,
 * so a batch sent again changes nothing; a fix stamped in the future counts as taken now.
 */
export async function reportPositions(
  repos: WorkRepos,
  driver: DriverRow,
  positions: readonly TimedPosition[],
  now: Date,
): Promise<{ accepted: number; lastPositionAt: string | null }> {
  let last = driver.lastSeenAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  let accepted = 0;
  const ordered = [...positions].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const fix of ordered) {
    const at = Math.min(fix.at.getTime(), now.getTime());
    if (at <= last) continue;
    const result = await reportPosition(repos, driver, fix, new Date(at));
    if (!result.accepted) continue;
    last = at;
    accepted += 1;
  }
  return {
    accepted,
    lastPositionAt: Number.isFinite(last) ? new Date(last).toISOString() : null,
  };
}
