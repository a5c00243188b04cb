import type { Query } from '@tanstack/react-query';

// SPEC 8 "Offline | No-connection screen", as docs/decisions/730 refines it: the
// no-connection screen only where nothing can be shown; a screen that holds what it last knew
// (tracking, loading, summary ...) keeps it under an "offline, retrying" banner and catches up on
// reconnect. Decided here, by the shell, so no screen has to know about it.

/** What the shell shows: the screen; the screen under the offline banner; the no-connection screen. */
export type OfflineView = 'screen' | 'banner' | 'no-connection';

export interface OfflineFacts {
  /** The device reports a connection (navigator.onLine and its events). */
  online: boolean;
  /** This screen was shown online with nothing left loading: what it shows is worth keeping. */
  shownOnline: boolean;
  /** A query of this screen has no data and cannot get it now (failed, or waiting for a network). */
  missingData: boolean;
  /** This screen's code could not be downloaded while offline. */
  codeFailedOffline: boolean;
}

export function offlineView({
  online,
  shownOnline,
  missingData,
  codeFailedOffline,
}: OfflineFacts): OfflineView {
  // A screen without its code stays replaced until the retry reloads it (SPEC 2: only if online).
  if (codeFailedOffline) return 'no-connection';
  if (online) return 'screen';
  if (shownOnline) return 'banner';
  return missingData ? 'no-connection' : 'banner';
}

/** How the data of the screens on display stands, read from the query cache. */
export interface ScreenData {
  /** Some query on display has no data yet and is fetching it. */
  loading: boolean;
  /** Some query on display has no data and cannot get it now: it failed, or waits for a network. */
  missing: boolean;
  /** Some query on display has data: the screen shows something of its own. */
  showing: boolean;
}

type CachedQuery = Pick<Query, 'isActive' | 'state' | 'queryKey'>;

/**
 * Reads `queries` (the cache's): only those a mounted, enabled observer uses count, and not the
 * shell's own reads (`isShellRead`), which every screen shows without (SPEC 8: logged only).
 */
export function screenData(
  queries: readonly CachedQuery[],
  isShellRead: (queryKey: readonly unknown[]) => boolean = () => false,
): ScreenData {
  let loading = false;
  let missing = false;
  let showing = false;
  for (const query of queries) {
    if (!query.isActive() || isShellRead(query.queryKey)) continue;
    if (query.state.data !== undefined) showing = true;
    else if (query.state.status === 'error' || query.state.fetchStatus === 'paused') missing = true;
    else if (query.state.fetchStatus === 'fetching') loading = true;
  }
  return { loading, missing, showing };
}
