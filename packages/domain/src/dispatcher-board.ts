import type { BoardBreach, BoardStage } from './contract/dispatcher-console.ts';
import type { TripStatus } from './service-status.ts';

// The dispatcher's console (docs/decisions/762): who may see what, how an open service is shown
// on the live board, and when it breaches its targets. Pure rules shared by the API (which enforces
// them) and the console (which shows them).

/**
 * What one dispatcher may see and act on. A service is in scope when its account, its brand or its
 * branch is listed; a driver when their branch is among the scope's driver branches
 * (`driverBranchesOf`).
 */
export interface DispatcherScope {
  accounts: readonly string[];
  brands: readonly string[];
  branches: readonly string[];
}

export interface ScopedService {
  accountId: string;
  brand: string | null;
  branch: string;
}

/** True when the dispatcher may see and act on the service. */
export function isServiceInScope(scope: DispatcherScope, service: ScopedService): boolean {
  return (
    scope.accounts.includes(service.accountId) ||
    (service.brand !== null && scope.brands.includes(service.brand)) ||
    scope.branches.includes(service.branch)
  );
}

/**
 * The branches whose drivers a dispatcher sees: the scope's branches and those of the accounts and
 * brands it names (`accountBranches`: the branch of each account of those accounts and brands).
 * Drivers work for the provider of their branch, whatever brand the request came through.
 */
export function driverBranchesOf(
  scope: DispatcherScope,
  accountBranches: readonly string[],
): string[] {
  return [...new Set([...scope.branches, ...accountBranches])].sort();
}

/** Statuses of a service still on the board: neither finished, cancelled nor audited (SPEC 4). */
export const OPEN_SERVICE_STATUSES = ['Queued', 'Active', 'HoldInspection'] as const;

/** True while the service is open: the board shows it and a dispatcher may act on it. */
export function isServiceOpen(status: string): boolean {
  return (OPEN_SERVICE_STATUSES as readonly string[]).includes(status);
}

const STAGE_OF_TRIP: Partial<Record<TripStatus, BoardStage>> = {
  ACCEPTED: 'accepted',
  ON_ROUTE: 'on_route',
  ARRIVED: 'arrived',
  TOWED: 'towed',
};

export interface StageInput {
  /** The legacy status word (SPEC 4 "Other statuses seen"). */
  status: string;
  tripStatus: TripStatus | null;
  driverId: string | null;
  /** A driver is being offered the service right now (docs/decisions/760). */
  hasPendingOffer: boolean;
  /** Searches in a row that found nobody (0: dispatch has not looked yet). */
  dispatchAttempts: number;
}

/**
 * Where an open service stands on the board, or undefined for a closed one (finished, cancelled,
 * audited): the board shows only open services.
 */
export function boardStageOf(input: StageInput): BoardStage | undefined {
  if (input.status === 'Active' || input.status === 'HoldInspection') {
    if (input.driverId === null) return input.hasPendingOffer ? 'offered' : 'queued';
    return (input.tripStatus && STAGE_OF_TRIP[input.tripStatus]) ?? 'accepted';
  }
  if (input.status !== 'Queued') return undefined;
  if (input.hasPendingOffer) return 'offered';
  return input.dispatchAttempts > 0 ? 'queued' : 'new';
}

/** A request nobody has taken for this long is flagged (from its creation or its scheduled time). */
export const UNASSIGNED_TARGET_MS = 5 * 60 * 1000;
/** An arrival estimate above this is flagged. */
export const ETA_TARGET_SECONDS = 45 * 60;

export interface BreachInput {
  stage: BoardStage;
  /** ISO time the service was requested. */
  createdAt: string;
  /** ISO time it is scheduled for; null: as soon as possible. */
  schedule: string | null;
  /** The current arrival estimate in seconds; null: none yet. */
  etaSeconds: number | null;
}

const UNASSIGNED_STAGES: readonly BoardStage[] = ['new', 'queued', 'offered'];

/** The targets an open service misses at `now`, for the board's highlight. */
export function boardBreachesOf(input: BreachInput, now: Date): BoardBreach[] {
  const breaches: BoardBreach[] = [];
  if (UNASSIGNED_STAGES.includes(input.stage)) {
    const created = Date.parse(input.createdAt);
    const scheduled = input.schedule === null ? Number.NaN : Date.parse(input.schedule);
    const since = Number.isNaN(scheduled) ? created : Math.max(created, scheduled);
    if (now.getTime() - since > UNASSIGNED_TARGET_MS) breaches.push('unassigned');
  }
  if (
    input.etaSeconds !== null &&
    (input.stage === 'accepted' || input.stage === 'on_route') &&
    input.etaSeconds > ETA_TARGET_SECONDS
  ) {
    breaches.push('eta');
  }
  return breaches;
}

/** A driver's position older than this is marked stale on the console. */
export const STALE_POSITION_MS = 2 * 60 * 1000;

/** True when the driver never reported a position, or the last one is older than the limit. */
export function isPositionStale(lastSeenAt: string | null, now: Date): boolean {
  if (lastSeenAt === null) return true;
  return now.getTime() - Date.parse(lastSeenAt) > STALE_POSITION_MS;
}
