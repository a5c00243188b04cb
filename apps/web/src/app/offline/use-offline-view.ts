import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { accountKeys } from '../../api/get-account.ts';
import { useOnlineStatus } from '../../features/offline/hooks/use-online-status.ts';
import { offlineView, screenData, type OfflineView } from './offline-view.ts';

/**
 * The shell's own reads for every screen: the account in use and its integrations (keys under
 * `accounts`). The header and the screens show without them (SPEC 8 "integrations fetch failures:
 * logged only"), so they never decide that a screen has nothing to show.
 */
const isShellRead = (queryKey: readonly unknown[]): boolean => queryKey[0] === accountKeys.all[0];

/** The query cache's state as one comparable value (a snapshot must be stable between changes). */
function readScreenData(queryClient: QueryClient): string {
  const { loading, missing, showing } = screenData(
    queryClient.getQueryCache().getAll(),
    isShellRead,
  );
  return [loading && 'loading', missing && 'missing', showing && 'showing']
    .filter(Boolean)
    .join('+');
}

/**
 * Queries on display that have no data because they failed while the device was offline: once back
 * online they are asked for again. (TanStack Query refetches on reconnect only what it saw go
 * offline; a page opened without a network never told it.) Queries that say not to refetch on
 * reconnect (a one-time sign-in code) are left alone.
 */
function refetchMissing(queryClient: QueryClient): void {
  void queryClient.refetchQueries({
    type: 'active',
    predicate: (query) =>
      query.state.data === undefined &&
      query.state.status === 'error' &&
      query.observers.every((observer) => observer.options.refetchOnReconnect !== false),
  });
}

export interface OfflineShell {
  view: OfflineView;
  /** For the screen's error boundary: a screen whose code failed offline gets the no-connection screen. */
  onScreenError: () => void;
}

/** What the shell shows around the screen of the current address, online and offline. */
export function useOfflineView(): OfflineShell {
  const online = useOnlineStatus();
  const [location] = useLocation();
  const queryClient = useQueryClient();
  const data = useSyncExternalStore(
    useCallback((onChange) => queryClient.getQueryCache().subscribe(onChange), [queryClient]),
    () => readScreenData(queryClient),
    () => '',
  );
  const [shownOnlineAt, setShownOnlineAt] = useState<string | null>(null);
  const [codeFailedAt, setCodeFailedAt] = useState<string | null>(null);

  // Remembered as it renders (React's "adjust state on a change" pattern), not in an effect. A
  // screen counts as shown once it holds data of its own with nothing left loading: before its
  // code or its first read arrives there is nothing worth keeping under the banner.
  const shown = data.includes('showing') && !data.includes('loading');
  if (online && shown && shownOnlineAt !== location) setShownOnlineAt(location);

  const wasOnline = useRef(online);
  useEffect(() => {
    // The query client and the live streams follow the shell's reading of the connection, also
    // when the browser's `online` or `offline` event was missed (read again every 5 s). Only
    // changes count: a page opened offline still asks, and the service worker may answer.
    if (online !== wasOnline.current) onlineManager.setOnline(online);
    // Back online: what failed offline is asked for again.
    if (online && !wasOnline.current) refetchMissing(queryClient);
    wasOnline.current = online;
  }, [online, queryClient]);

  const onScreenError = useCallback(() => {
    if (!navigator.onLine) setCodeFailedAt(location);
  }, [location]);

  return {
    view: offlineView({
      online,
      shownOnline: shownOnlineAt === location,
      missingData: data.includes('missing'),
      codeFailedOffline: codeFailedAt === location,
    }),
    onScreenError,
  };
}
