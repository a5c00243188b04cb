import {
  bearingDegrees,
  canonicalServiceType,
  isTowServiceType,
  parseTripStatus,
  type LatLng,
} from '@auxilio/domain';
import type { Repositories } from '../repositories/index.ts';
import type { ServiceRow } from '../repositories/services.ts';
import { assignNextQueued } from './dispatch.ts';
import {
  acceptService,
  authenticateDriver,
  issueDriverToken,
  reportPosition,
  updateTripStatus,
} from './driver-app.ts';
import { pointAlong } from './estimate-router.ts';

// ARCHITECTURE decision 8: "The embedded default runs a driver simulator through that same API,
// time-compressed, so a newcomer who requests a tow watches a truck drive to them and the service
// finish." It calls the driver-app service functions with each driver's own bearer token; its
// timing comes from the trip stamps in the database (docs/decisions/232).

/** Time-compressed phases, in seconds of wall time. */
export const SIMULATOR_TIMING = {
  /**
   * A new request waits this long before a driver is assigned, as a real one does: long enough for
   * a newcomer to see the loading screen, its push-notification offer (SPEC 9 "Push prompt delay:
   * 1 page view and 5 s") and both of its animations (9 s each), decision 741.
   */
  assignAfter: 10,
  /** From assignment to the driver's own accept call. */
  acceptAfter: 2,
  /** From acceptance to ON_ROUTE. */
  departAfter: 5,
  /** Driving time: the estimated ETA compressed into this range. */
  minDrive: 15,
  maxDrive: 80,
  /** ETA seconds per simulated second (a 20 min drive takes 80 s). */
  compression: 15,
  /** ARRIVED to TOWED (tow types), and the last status to FINISHED. */
  arrivedToNext: 6,
  towedToFinished: 8,
} as const;

/** Most services assigned per step, so one step stays short. */
const ASSIGN_PER_STEP = 10;

export interface DriverSimulator {
  /** One tick: assign queued services, then move every assigned service one step forward. */
  step(): Promise<void>;
  /** Starts ticking every `intervalMs` (default 1000). */
  start(intervalMs?: number): void;
  /** Stops ticking and waits for the running tick. */
  stop(): Promise<void>;
}

export interface DriverSimulatorOptions {
  /** The clock (tests pass a fake one). */
  now?: () => Date;
  onError?: (error: unknown) => void;
}

function secondsSince(stamp: string | undefined, now: Date): number {
  return stamp ? (now.getTime() - Date.parse(stamp)) / 1000 : 0;
}

function isTow(service: ServiceRow): boolean {
  const name = canonicalServiceType(service.situation);
  return name !== undefined && isTowServiceType(name);
}

export function createDriverSimulator(
  repos: Pick<Repositories, 'drivers' | 'services'>,
  options: DriverSimulatorOptions = {},
): DriverSimulator {
  const now = options.now ?? (() => new Date());
  /** Tokens minted by this simulator, by driver id (only the hash is in the database). */
  const tokens = new Map<string, string>();
  /** Where each drive started, by service id (falls back to the driver's current position). */
  const starts = new Map<string, LatLng>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const authorization = async (driverId: string): Promise<string> => {
    let token = tokens.get(driverId);
    if (!token) {
      token = await issueDriverToken(repos, driverId);
      tokens.set(driverId, token);
    }
    return `Bearer ${token}`;
  };

  const advance = async (service: ServiceRow, at: Date): Promise<void> => {
    if (!service.driverId) return;
    const driver = await authenticateDriver(repos, await authorization(service.driverId));
    const trip = parseTripStatus(service.tripStatus);
    const stamps = service.tripStamps;
    const T = SIMULATOR_TIMING;
    switch (trip) {
      case undefined:
      case 'NEW':
        await acceptService(repos, driver, service.id, at);
        return;
      case 'ACCEPTED': {
        if (secondsSince(stamps.ACCEPTED, at) < T.departAfter) return;
        if (driver.lastLat !== null && driver.lastLng !== null) {
          starts.set(service.id, { lat: driver.lastLat, lng: driver.lastLng });
        }
        await updateTripStatus(repos, driver, service.id, 'ON_ROUTE', at);
        return;
      }
      case 'ON_ROUTE': {
        if (service.situationLat === null || service.situationLng === null) return;
        const target = { lat: service.situationLat, lng: service.situationLng };
        const current =
          driver.lastLat !== null && driver.lastLng !== null
            ? { lat: driver.lastLat, lng: driver.lastLng }
            : target;
        const start = starts.get(service.id) ?? current;
        starts.set(service.id, start);
        const eta = service.simulatedEtaSeconds ?? 600;
        const drive = Math.min(T.maxDrive, Math.max(T.minDrive, eta / T.compression));
        const fraction = secondsSince(stamps.ON_ROUTE, at) / drive;
        const next = pointAlong(start, target, fraction);
        await reportPosition(
          repos,
          driver,
          { ...next, heading: bearingDegrees(current, target), accuracy: 5 },
          at,
        );
        if (fraction >= 1) {
          starts.delete(service.id);
          await updateTripStatus(repos, driver, service.id, 'ARRIVED', at);
        }
        return;
      }
      case 'ARRIVED':
        if (secondsSince(stamps.ARRIVED, at) < T.arrivedToNext) return;
        await updateTripStatus(
          repos,
          driver,
          service.id,
          isTow(service) ? 'TOWED' : 'FINISHED',
          at,
        );
        return;
      case 'TOWED':
        if (secondsSince(stamps.TOWED, at) < T.towedToFinished) return;
        await updateTripStatus(repos, driver, service.id, 'FINISHED', at);
        return;
      case 'FINISHED':
        return;
    }
  };

  const step = async (): Promise<void> => {
    const at = now();
    for (let i = 0; i < ASSIGN_PER_STEP; i += 1) {
      const queuedForAtLeastMs = SIMULATOR_TIMING.assignAfter * 1000;
      if (!(await assignNextQueued(repos, at, { queuedForAtLeastMs }))) break;
    }
    const assigned = await repos.drivers.listAssignedActive();
    for (const service of assigned) {
      // Give the driver a moment before the accept tap.
      if (secondsSince(service.tripStamps.ACCEPTED, at) < SIMULATOR_TIMING.acceptAfter) continue;
      try {
        await advance(service, at);
      } catch (error) {
        // One service failing (e.g. cancelled meanwhile) must not stop the others.
        options.onError?.(error);
      }
    }
  };

  return {
    step,
    start(intervalMs = 1000) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = step()
          .catch((error: unknown) => options.onError?.(error))
          .finally(() => {
            running = undefined;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
