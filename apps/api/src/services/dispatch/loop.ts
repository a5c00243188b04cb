import { dispatchTick, type DispatchRepos, type DispatchTickOptions } from './engine.ts';

// Runs the dispatch engine (docs/decisions/760): a tick every second, and one at once when
// something may be dispatched now (a service created, a driver online, an offer rejected). One
// tick at a time per loop; a failing tick (the database restarting) is reported and the next one
// tries again: the loop never stops by itself.

export interface DispatchLoop {
  start(): void;
  /** Ticks as soon as possible (after the running tick, if any). */
  kick(): void;
  /** Stops ticking and waits for the running tick. */
  stop(): Promise<void>;
}

export interface DispatchLoopOptions extends DispatchTickOptions {
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

export function createDispatchLoop(
  repos: DispatchRepos,
  options: DispatchLoopOptions = {},
): DispatchLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  const tick = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = dispatchTick(repos, options)
      .then(() => undefined)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(tick, options.intervalMs ?? 1000);
      timer.unref();
      tick();
    },
    kick() {
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      while (running) await running;
    },
  };
}
