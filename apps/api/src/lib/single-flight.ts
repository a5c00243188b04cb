/**
 * Wraps `load` so that calls with the same key while one is running share its promise instead of
 * starting another. The event streams of one service wake together on each notification and all
 * ask for the events after the same seq: one query answers them all (decision 481).
 * The shared result must be treated as read-only by every caller.
 */
export function singleFlight<A extends unknown[], R>(
  keyOf: (...args: A) => string,
  load: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  const running = new Map<string, Promise<R>>();
  return (...args) => {
    const key = keyOf(...args);
    const current = running.get(key);
    if (current) return current;
    const started = load(...args).finally(() => {
      running.delete(key);
    });
    running.set(key, started);
    return started;
  };
}
