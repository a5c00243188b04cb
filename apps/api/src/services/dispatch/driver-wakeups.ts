// Wakes the `GET /me` long polls of this process (docs/decisions/760): by driver id, from the
// driver-changes channel, and by service id, from the service-events channel (a trip or offer of
// that service changed). A waiter re-reads the state; a wake that changed nothing costs one read.

export interface DriverWakeups {
  /** Resolves when the driver or one of `serviceIds` changes, or after `ms`; returns the cancel. */
  wait(
    driverId: string,
    serviceIds: readonly string[],
    ms: number,
    signal?: AbortSignal,
  ): Promise<void>;
  wakeDriver(driverId: string): void;
  wakeService(serviceId: string): void;
  /** Wakes every waiter (a lost LISTEN came back: anything may have changed). */
  wakeAll(): void;
}

export function createDriverWakeups(): DriverWakeups {
  const byKey = new Map<string, Set<() => void>>();
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
  const fire = (key: string) => {
    for (const wake of [...(byKey.get(key) ?? [])]) wake();
  };
  return {
    wait(driverId, serviceIds, ms, signal) {
      return new Promise((resolve) => {
        const keys = [`driver:${driverId}`, ...serviceIds.map((id) => `service:${id}`)];
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
      for (const key of [...byKey.keys()]) fire(key);
    },
  };
}
