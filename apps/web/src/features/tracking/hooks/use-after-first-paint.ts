import { useEffect, useState } from 'react';

/** How long a browser without requestIdleCallback (Safari) waits after the frame. */
const NO_IDLE_CALLBACK_DELAY_MS = 50;
/** The longest an idle callback may wait on a busy phone before the map starts anyway. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * False on the first render, true once that render is on screen and the main thread is idle.
 * The tracking screen mounts its map and the controls below the fold then (decision 750, status
 * first): the customer reads the status, the time and the driver first, and the map's code, data
 * and tiles, the share, fee and cancel controls never compete with them.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      setPainted(true);
    };
    // A frame callback runs just before the frame is drawn; what it schedules runs after it.
    const frame = requestAnimationFrame(() => {
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      } else {
        timer = setTimeout(done, NO_IDLE_CALLBACK_DELAY_MS);
      }
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
