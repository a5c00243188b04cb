// Wakes the `GET /me` long polls of this process (docs/decisions/760): by driver id, from the
// driver-changes channel, and by service id, from the service-events channel (a trip or offer of
// that service changed). A waiter re-reads the state; a wake that changed nothing costs one read.
//
// A long poll takes a `mark()` before it reads the state and waits `since` that mark: a wake that
// came between the read and the wait is not lost (the wait then ends at once).

/** A point in this process's sequence of wakes. */
export type WakeMark = number;

export interface DriverWakeups {
  /** The current point of the sequence of wakes: take it before reading what a wake may change. */
  mark(): WakeMark;
  /**
   * Resolves when the driver or one of `serviceIds` changes, after `ms`, or on `signal`'s abort;
   * at once when one of them was woken after `since`.
   */
  wait(
    driverId: string,
    serviceIds: readonly string[],
    ms: number,
    signal?: AbortSignal,
    since?: WakeMark,
  ): Promise<void>;
  wakeDriver(driverId: string): void;
  wakeService(serviceId: string): void;
  /** Wakes every waiter (a lost LISTEN came back: anything may have changed). */
  wakeAll(): void;
}

/**
 * How long the last wake of a key is remembered. A mark older than this is taken as woken: the
 * waiter reads once more rather than miss a change (long polls mark just before reading).
 */
const REMEMBER_MS = 60_000;

export function createDriverWakeups(options: { now?: () => number } = {}): DriverWakeups {
  const clock = options.now ?? Date.now;
  const byKey = new Map<string, Set<() => void>>();
  /** The mark of each key's last wake, oldest wake first (re-inserted on each wake). */
  const lastWake = new Map<string, { mark: WakeMark; at: number }>();
  let sequence = 0;
  /** The mark of the last wakeAll. */
  let allWokenAt = 0;
  /** Marks taken before this one may have lost remembered wakes. */
  let forgottenUpTo = 0;

  const add = (key: string, wake: () => void) => {
    let set = byKey.get(key);
    if (!set) byKey.set(key, (set = new Set()));
    set.add(wake);
  };
  const remove = (key: string, wake: () => void) => {
    const set = byKey.get(key);
    set?.delete(wake);
    if (set?.size === 0) byKey.delete(key);
  };
  const forgetOld = (now: number) => {
    for (const [key, wake] of lastWake) {
      if (now - wake.at < REMEMBER_MS) break;
      lastWake.delete(key);
      forgottenUpTo = Math.max(forgottenUpTo, wake.mark);
    }
  };
  const fire = (key: string) => {
    sequence += 1;
    const now = clock();
    lastWake.delete(key);
    lastWake.set(key, { mark: sequence, at: now });
    forgetOld(now);
    for (const wake of [...(byKey.get(key) ?? [])]) wake();
  };
  const wokenSince = (keys: readonly string[], since: WakeMark): boolean => {
    if (allWokenAt > since || forgottenUpTo > since) return true;
    return keys.some((key) => (lastWake.get(key)?.mark ?? 0) > since);
  };

  return {
    mark: () => sequence,
    wait(driverId, serviceIds, ms, signal, since) {
      return new Promise((resolve) => {
        const keys = [`driver:${driverId}`, ...serviceIds.map((id) => `service:${id}`)];
        if ((since !== undefined && wokenSince(keys, since)) || signal?.aborted) {
          resolve();
          return;
        }
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          for (const key of keys) remove(key, done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        for (const key of keys) add(key, done);
        signal?.addEventListener('abort', done);
      });
    },
    wakeDriver: (driverId) => {
      fire(`driver:${driverId}`);
    },
    wakeService: (serviceId) => {
      fire(`service:${serviceId}`);
    },
    wakeAll() {
      sequence += 1;
      allWokenAt = sequence;
      for (const key of [...byKey.keys()]) {
        for (const wake of [...(byKey.get(key) ?? [])]) wake();
      }
    },
  };
}
