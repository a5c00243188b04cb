import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { DriverApi } from '../api/driver-api.ts';
import type { DriverState } from '@auxilio/domain';
import { serverClockOffset } from '../utils/offer-countdown.ts';

// The driver's state by long poll (docs/decisions/761): GET /me at once, then GET /me?wait=25&
// version=<v> in a loop, one request in flight. Errors back off (1 s doubling to 30 s); the
// browser's `online` event re-polls at once. Leaving the screen aborts the request in flight.

/** Seconds the server may hold a poll (the contract allows 1 to 25). */
export const LONG_POLL_WAIT_S = 25;
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;

export interface DriverStateView {
  state: DriverState | null;
  /** Milliseconds to add to the phone's clock to read the server's. */
  offsetMs: number;
  /** True while the last poll failed (the loop keeps trying). */
  reconnecting: boolean;
  /** An action's answer: shown at once, and the next poll waits for a version after it. */
  apply: (state: DriverState) => void;
}

export function useDriverState(
  api: DriverApi,
  token: string | null,
  onUnauthorized: () => void,
): DriverStateView {
  const [state, setState] = useState<DriverState | null>(null);
  const [offsetMs, setOffsetMs] = useState(0);
  const [reconnecting, setReconnecting] = useState(false);
  const version = useRef<string | null>(null);
  const unauthorized = useRef(onUnauthorized);
  useEffect(() => {
    unauthorized.current = onUnauthorized;
  });

  const apply = useCallback((next: DriverState) => {
    version.current = next.version;
    setState(next);
    setOffsetMs(serverClockOffset(next.serverTime, Date.now()));
  }, []);

  useEffect(() => {
    if (!token) return undefined;
    const controller = new AbortController();
    const stopped = () => controller.signal.aborted;
    let wake: (() => void) | null = null;
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const onOnline = () => {
      wake?.();
    };
    window.addEventListener('online', onOnline);

    const loop = async () => {
      let backoff = FIRST_BACKOFF_MS;
      while (!stopped()) {
        try {
          const next = await api.state(token, {
            wait: version.current ? LONG_POLL_WAIT_S : undefined,
            version: version.current,
            signal: controller.signal,
          });
          if (stopped()) return;
          apply(next);
          setReconnecting(false);
          backoff = FIRST_BACKOFF_MS;
        } catch (error) {
          if (stopped()) return;
          if (error instanceof ApiRequestError && error.status === 401) {
            unauthorized.current();
            return;
          }
          setReconnecting(true);
          await pause(backoff);
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        }
      }
    };
    void loop();
    return () => {
      controller.abort();
      window.removeEventListener('online', onOnline);
      wake?.();
    };
  }, [api, token, apply]);

  return { state, offsetMs, reconnecting, apply };
}
