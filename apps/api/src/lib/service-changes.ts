// Decision 480: what the service read cache needs to know about changes it cannot see itself.
// A change appends a service event inside its transaction (repositories/service-writes.ts); the
// NOTIFY of that event reaches the process only after the commit. Between the two, this process
// must not serve or store a cached view of that service, or a customer who just changed something
// could read the old state back. Notifications of other processes' changes bump the generation too,
// so a view read before such a change is not stored after its notification has already passed.

/** A change whose notification never came (its transaction rolled back) stops counting after this. */
const IN_FLIGHT_LIMIT_MS = 10_000;

export interface ServiceChanges {
  /** A transaction of this process is appending an event to the service. */
  begin(serviceId: string): void;
  /** A notification for the service arrived (from this process or another). */
  settle(serviceId: string): void;
  /** True while a change of this process to the service has not been notified back. */
  inFlight(serviceId: string): boolean;
  /** Counts every begin and settle: a reader stores its view only if it did not move meanwhile. */
  generation(): number;
}

export function createServiceChanges(now: () => number = Date.now): ServiceChanges {
  const startedAt = new Map<string, number>();
  let generation = 0;
  return {
    begin(serviceId) {
      startedAt.set(serviceId, now());
      generation += 1;
    },
    settle(serviceId) {
      startedAt.delete(serviceId);
      generation += 1;
    },
    inFlight(serviceId) {
      const started = startedAt.get(serviceId);
      if (started === undefined) return false;
      if (now() - started <= IN_FLIGHT_LIMIT_MS) return true;
      startedAt.delete(serviceId);
      return false;
    },
    generation: () => generation,
  };
}

/**
 * The process's tracker. Module state on purpose: the service write path appends events inside
 * transactions that know nothing of the app, and several apps in one process (tests) only make
 * the cache more cautious, never wrong.
 */
export const serviceChanges = createServiceChanges();
