import { isAccurateEnough } from '@auxilio/domain';
import type { DriverRow } from '../../repositories/drivers.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { PositionIntake, SignedDriver, TimedFix } from '../position-intake.ts';
import { rejectionChange } from './offers.ts';

// The driver app's own switches (docs/decisions/760): online for offers or not, and the batched
// positions a phone sends after a stretch without signal.

type WorkRepos = Pick<Repositories, 'dispatch'>;

/**
 * Switches the driver online or offline. Online: available for offers unless a trip is under way,
 * and the branch's waiting services are looked at again at once. Offline: no offer can come any
 * more, and the pending one is rejected (the next driver gets it at once); a trip under way stays.
 */
export async function setDriverOnline(
  repos: WorkRepos,
  driver: DriverRow,
  online: boolean,
  now: Date,
): Promise<void> {
  if (online) await repos.dispatch.goOnline(driver.id);
  else await repos.dispatch.goOffline(driver.id, now, (offer) => rejectionChange(offer, now));
}

/**
 * Stores a batch of fixes through the position intake (docs/decisions/781). A fix not newer than
 * the driver's last one is ignored, so a batch sent again (or two sent at once) changes nothing
 * twice; a fix worse than 20 m is not used (SPEC 5: "Live position accepted only when accuracy is
 * 20 m or better", docs/decisions/231); a fix stamped in the future counts as taken now. The newest
 * fix becomes the driver's position, and the customer of the driver's Active service gets one
 * position event for it, not one per fix.
 */
export async function reportPositions(
  positions: PositionIntake,
  driver: SignedDriver,
  fixes: readonly TimedFix[],
  now: Date,
): Promise<{ accepted: number; lastPositionAt: string | null }> {
  const usable = fixes
    .filter((fix) => fix.accuracy == null || isAccurateEnough(fix.accuracy))
    .map((fix) => ({ ...fix, at: new Date(Math.min(fix.at.getTime(), now.getTime())) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const { accepted, lastSeenAt } = await positions.reportFixes(driver, usable);
  return { accepted, lastPositionAt: lastSeenAt?.toISOString() ?? null };
}
