import { useEffect } from 'react';

/** history.state key: how many in-app pages lie behind this history entry. */
const DEPTH_KEY = 'auxilioDepth';
/** Depth of the entry on screen; -1 before the first page. */
let currentDepth = -1;

/**
 * Numbers each history entry the app creates, so the back arrow knows whether there is an in-app
 * page to go back to (a first page opened from a link has none: it goes home instead of leaving).
 */
export function useHistoryDepth(location: string): void {
  useEffect(() => {
    const state: unknown = window.history.state;
    const known =
      typeof state === 'object' && state !== null && DEPTH_KEY in state
        ? Number((state as Record<string, unknown>)[DEPTH_KEY])
        : undefined;
    if (known !== undefined && Number.isFinite(known)) {
      currentDepth = known;
      return;
    }
    currentDepth += 1;
    window.history.replaceState({ ...(state as object | null), [DEPTH_KEY]: currentDepth }, '');
  }, [location]);
}

/** Whether the current history entry has an in-app page behind it. */
export function hasInAppHistory(): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === 'object' &&
    state !== null &&
    Number((state as Record<string, unknown>)[DEPTH_KEY]) > 0
  );
}
