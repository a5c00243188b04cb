import { useSyncExternalStore } from 'react';

/**
 * How often the connection is read again besides the browser's events: a phone that never reports
 * coming back (a missed `online` event) must not keep saying it is offline (docs/decisions/730).
 */
export const ONLINE_RECHECK_MS = 5_000;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const recheck = setInterval(onChange, ONLINE_RECHECK_MS);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    clearInterval(recheck);
  };
}

/** navigator.onLine, updated by the browser's online and offline events (and read every 5 s). */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
