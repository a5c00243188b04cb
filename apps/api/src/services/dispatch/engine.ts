import {
  dispatchRetryDelayMs,
  mayOfferAgain,
  shouldRequestSuggestions,
  vehicleTypesForServiceType,
} from '@auxilio/domain';
import type {
  DispatchCandidate,
  DispatchPlan,
  RankedCandidate,
} from '../../repositories/dispatch.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ServiceDriverRow, ServiceRow } from '../../repositories/services.ts';
import { rankDriversByEta } from '../dispatch.ts';
import { expireOffer } from './offers.ts';

// The dispatch engine (docs/decisions/760; ARCHITECTURE decision 8 "A dispatch engine assigns
// queued services ... nearest by ETA, at most 500 candidates"). One tick, in the database's clock:
// offers past their time expire, then every due service is offered to its best free driver, or
// waits with a growing backoff. Any number of processes may tick on one database at once.

/** Time a driver has to answer an offer (DISPATCH_OFFER_SECONDS). */
export const DEFAULT_OFFER_SECONDS = 20;
/** Services dispatched and offers expired per tick at most, so one tick stays short. */
export const DISPATCH_BATCH = 200;

export type DispatchRepos = Pick<Repositories, 'dispatch' | 'services' | 'drivers'>;

export interface DispatchTickOptions {
  /** The tick's time; default: the database's `now()` (tests pass a fake one). */
  clock?: () => Date;
  /** Seconds a driver has to answer an offer (default 20). */
  offerSeconds?: number;
  /** Most services dispatched per tick (default DISPATCH_BATCH). */
  batch?: number;
}

export interface DispatchTickResult {
  expired: number;
  offered: number;
  waiting: number;
}

/** The drivers to try for a service, nearest by ETA first (SPEC 5: at most 500, none for 0,0). */
export function rankCandidates(
  service: ServiceRow,
  candidates: readonly ServiceDriverRow[],
): RankedCandidate[] {
  if (service.situationLat === null || service.situationLng === null) return [];
  const situation = { lat: service.situationLat, lng: service.situationLng };
  if (!shouldRequestSuggestions(situation)) return [];
  return rankDriversByEta(situation, candidates).map((ranked) => ({
    driverId: ranked._id,
    etaSeconds: ranked.eta,
    distanceMeters: ranked.distance,
  }));
}

/**
 * The drivers to ask: those never offered the service; when none is left, those who rejected it
 * or let it expire, once the backoff allows (`mayOfferAgain`, docs/decisions/760).
 */
function candidatesToAsk(
  service: ServiceRow,
  candidates: readonly DispatchCandidate[],
  now: Date,
): { drivers: DispatchCandidate[]; again: boolean } {
  const fresh = candidates.filter((candidate) => candidate.declinedAt === null);
  if (fresh.length > 0) return { drivers: fresh, again: false };
  const again = candidates.filter(
    (candidate) =>
      candidate.declinedAt !== null &&
      mayOfferAgain(candidate.declinedAt, service.dispatchAttempts, now),
  );
  return { drivers: again, again: true };
}

function planFor(
  service: ServiceRow,
  candidates: readonly DispatchCandidate[],
  now: Date,
  offerSeconds: number,
): DispatchPlan {
  const at = now.toISOString();
  const ask = candidatesToAsk(service, candidates, now);
  return {
    ranked: rankCandidates(service, ask.drivers),
    offerDurationMs: offerSeconds * 1000,
    offered: (candidate) => ({
      // Asking again keeps the count of empty searches: declined again, the next wait is longer.
      patch: { dispatchAttempts: ask.again ? service.dispatchAttempts : 0 },
      events: [
        { type: 'dispatch', payload: { step: 'offered', driverId: candidate.driverId, at } },
      ],
    }),
    nobody: () => {
      const attempts = service.dispatchAttempts + 1;
      return {
        patch: {
          dispatchAttempts: attempts,
          dispatchAt: new Date(now.getTime() + dispatchRetryDelayMs(attempts)),
        },
        // Said once while the service waits, not on every retry.
        events:
          service.dispatchAttempts === 0
            ? [{ type: 'dispatch', payload: { step: 'queued', at } }]
            : [],
      };
    },
  };
}

/** One pass of the engine; see the module comment. */
export async function dispatchTick(
  repos: DispatchRepos,
  options: DispatchTickOptions = {},
): Promise<DispatchTickResult> {
  const now = options.clock?.() ?? (await repos.dispatch.databaseNow());
  const batch = options.batch ?? DISPATCH_BATCH;
  const offerSeconds = options.offerSeconds ?? DEFAULT_OFFER_SECONDS;
  const result: DispatchTickResult = { expired: 0, offered: 0, waiting: 0 };
  for (const offerId of await repos.dispatch.listExpiredOffers(now, batch)) {
    if (await expireOffer(repos, offerId, now)) result.expired += 1;
  }
  for (let i = 0; i < batch; i += 1) {
    const outcome = await repos.dispatch
      .dispatchNext(
        now,
        (service, candidates) => planFor(service, candidates, now, offerSeconds),
        vehicleTypesForServiceType,
      )
      .catch((error: unknown) => {
        // Another dispatcher offered the same driver in the same instant: the partial unique
        // index refused the second offer; the service is still due and is taken again.
        if (isUniqueViolation(error)) return 'taken' as const;
        throw error;
      });
    if (outcome === undefined) break;
    if (outcome === 'offered') result.offered += 1;
    if (outcome === 'waiting') result.waiting += 1;
  }
  return result;
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
