import { useEffect, useState } from 'react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { DispatcherApi } from '../api/dispatcher-api.ts';
import { dispatcherKeys } from '../api/dispatcher-keys.ts';
import {
  applyDriverEvent,
  applyServiceEvent,
  boardFromSnapshot,
  type BoardState,
} from '../utils/board-state.ts';

// The live board (docs/decisions/762): one EventSource writes the board into the query cache. The
// browser reconnects by itself after a drop, and each reconnect starts with a new snapshot that
// replaces the board. When the browser gives up (an HTTP error), the console checks whether the
// session still stands (401: signed out) and otherwise reopens the stream after a pause. No polling.

/** `live`: events arrive; `reconnecting`: connecting, or the connection dropped. */
export type BoardConnection = 'live' | 'reconnecting';

/** Wait before reopening a stream the browser gave up on; doubles up to the maximum. */
export const BOARD_RETRY_MIN_MS = 2_000;
export const BOARD_RETRY_MAX_MS = 30_000;

export function useBoardStream(
  api: DispatcherApi,
  token: string,
  onSignedOut: () => void,
): { board: BoardState | undefined; connection: BoardConnection } {
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<BoardConnection>('reconnecting');
  const { data: board } = useQuery<BoardState>({
    queryKey: dispatcherKeys.board(),
    queryFn: skipToken,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    const key = dispatcherKeys.board();
    const update = (change: (board: BoardState) => BoardState) => {
      queryClient.setQueryData<BoardState>(key, (current) => (current ? change(current) : current));
    };
    const parse = (event: MessageEvent<string>): unknown => {
      try {
        return JSON.parse(event.data);
      } catch {
        return undefined;
      }
    };

    const open = () => {
      const current = new EventSource(api.boardEventsUrl(token));
      source = current;
      current.addEventListener('snapshot', (event: MessageEvent<string>) => {
        const next = boardFromSnapshot(parse(event), Date.now());
        if (!next) return;
        failures = 0;
        queryClient.setQueryData<BoardState>(key, next);
        setConnection('live');
      });
      current.addEventListener('service', (event: MessageEvent<string>) => {
        const data = parse(event);
        update((state) => applyServiceEvent(state, data));
      });
      current.addEventListener('driver', (event: MessageEvent<string>) => {
        const data = parse(event);
        update((state) => applyDriverEvent(state, data));
      });
      current.onerror = () => {
        setConnection('reconnecting');
        if (current.readyState !== EventSource.CLOSED || stopped) return;
        current.close();
        const wait = Math.min(BOARD_RETRY_MAX_MS, BOARD_RETRY_MIN_MS * 2 ** failures);
        failures += 1;
        api.me(token).then(
          () => {
            if (stopped) return;
            retryTimer = setTimeout(open, wait);
          },
          (error: unknown) => {
            if (stopped) return;
            if (error instanceof ApiRequestError && error.status === 401) onSignedOut();
            else retryTimer = setTimeout(open, wait);
          },
        );
      };
    };
    open();

    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [api, token, queryClient, onSignedOut]);

  return { board, connection };
}
