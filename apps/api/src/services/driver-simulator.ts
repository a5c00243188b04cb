import { createHmac } from 'node:crypto';
import { bearingDegrees, type LatLng } from '@auxilio/domain';
import type { Repositories } from '../repositories/index.ts';
import type { DriverState } from './dispatch/driver-state.ts';
import { pointAlong } from './estimate-router.ts';
import { hashServiceToken } from './service-tokens.ts';

// ARCHITECTURE decision 8: "The embedded default runs a driver simulator through that same API,
// time-compressed, so a newcomer who requests a tow watches a truck drive to them and the service
// finish." Simulated drivers are clients of the driver app API over HTTP, as a phone is
// (docs/decisions/760): they read their state (`GET /me`), accept the offers the dispatch engine
// makes, report positions and move their trip forward. They never assign anything themselves. The
// timing comes from the trip stamps in the database (docs/decisions/232).
//
// A simulated driver's token is derived from the server secret and the driver id, so every process
// and every restart computes the same one. The simulator acts for a driver only while nobody else
// holds one: when the driver has no token (it then sets its own) or holds the simulator's. A driver
// signed in from a phone (another token) is left alone, and keeps that token.

/** Time-compressed phases, in seconds of wall time. */
export const SIMULATOR_TIMING = {
  /**
   * A new request waits this long before a simulated driver accepts it, as a real one does: long
   * enough for a newcomer to see the loading screen, its push-notification offer (SPEC 9 "Push
   * prompt delay: 1 page view and 5 s") and both of its animations (9 s each), decision 741.
   */
  assignAfter: 10,
  /** From the offer to the driver's accept tap. */
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

export interface DriverSimulator {
  /** One tick: every simulated driver with an offer or a trip acts once. */
  step(): Promise<void>;
  /** Starts ticking every `intervalMs` (default 1000). */
  start(intervalMs?: number): void;
  /** Stops ticking and waits for the running tick. */
  stop(): Promise<void>;
}

export interface DriverSimulatorOptions {
  /** Where the API listens, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** The public app key the driver app sends. */
  appKey: string;
  /** HMAC key of the simulated drivers' tokens (derived from the server secret). */
  tokenKey: Buffer;
  /** Drivers left to a real phone (DRIVER_SIMULATOR_SKIP): never touched. */
  skip?: readonly string[];
  /** The clock (tests pass a fake one). */
  now?: () => Date;
  onError?: (error: unknown) => void;
}

/** The token a simulated driver signs in with: the same in every process and after a restart. */
export function simulatedDriverToken(tokenKey: Buffer, driverId: string): string {
  return createHmac('sha256', tokenKey).update(`simulated-driver:${driverId}`).digest('base64url');
}

function secondsSince(stamp: string | undefined, now: Date): number {
  return stamp ? (now.getTime() - Date.parse(stamp)) / 1000 : 0;
}

export function createDriverSimulator(
  repos: Pick<Repositories, 'drivers' | 'services'>,
  options: DriverSimulatorOptions,
): DriverSimulator {
  const now = options.now ?? (() => new Date());
  const skip = new Set(options.skip ?? []);
  const tokenOf = (driverId: string) => simulatedDriverToken(options.tokenKey, driverId);
  /** Where each drive started, by service id. */
  const starts = new Map<string, LatLng>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const call = async <T>(
    driverId: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ) => {
    const token = tokenOf(driverId);
    const response = await fetch(`${options.baseUrl}/common/api/v1/driver-app${path}`, {
      method,
      headers: {
        'x-api-key': options.appKey,
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) {
      throw new Error(
        `simulated driver ${driverId}: ${method} ${path} answered ${response.status}`,
      );
    }
    return (await response.json()) as T;
  };

  const tripStatus = (driverId: string, serviceId: string, status: string) =>
    call(driverId, 'POST', `/services/${serviceId}/trip-status`, { status });

  const act = async (driverId: string, at: Date): Promise<void> => {
    const state = await call<DriverState>(driverId, 'GET', '/me');
    const T = SIMULATOR_TIMING;
    if (state.offer) {
      const record = await repos.services.findById(state.offer.serviceId);
      const waited = record ? secondsSince(record.service.createdAt.toISOString(), at) : 0;
      if (waited < T.assignAfter || secondsSince(state.offer.offeredAt, at) < T.acceptAfter) return;
      await call(driverId, 'POST', `/offers/${state.offer.id}/accept`);
      return;
    }
    const trip = state.trip;
    if (!trip) return;
    const record = await repos.services.findById(trip.serviceId);
    if (!record) return;
    const { service, driver } = record;
    const stamps = service.tripStamps;
    switch (trip.tripStatus) {
      case 'ACCEPTED': {
        if (secondsSince(stamps.ACCEPTED, at) < T.departAfter) return;
        if (driver?.lastLat != null && driver.lastLng != null) {
          starts.set(service.id, { lat: driver.lastLat, lng: driver.lastLng });
        }
        await tripStatus(driverId, service.id, 'ON_ROUTE');
        return;
      }
      case 'ON_ROUTE': {
        const target = trip.location;
        const current =
          driver?.lastLat != null && driver.lastLng != null
            ? { lat: driver.lastLat, lng: driver.lastLng }
            : target;
        const start = starts.get(service.id) ?? current;
        starts.set(service.id, start);
        const eta = service.simulatedEtaSeconds ?? 600;
        const drive = Math.min(T.maxDrive, Math.max(T.minDrive, eta / T.compression));
        const fraction = secondsSince(stamps.ON_ROUTE, at) / drive;
        const next = pointAlong(start, target, fraction);
        await call(driverId, 'POST', '/positions', {
          positions: [
            {
              ...next,
              heading: bearingDegrees(current, target),
              accuracy: 5,
              at: at.toISOString(),
            },
          ],
        });
        if (fraction >= 1) {
          starts.delete(service.id);
          await tripStatus(driverId, service.id, 'ARRIVED');
        }
        return;
      }
      case 'ARRIVED':
        if (secondsSince(stamps.ARRIVED, at) < T.arrivedToNext) return;
        await tripStatus(driverId, service.id, trip.isTow ? 'TOWED' : 'FINISHED');
        return;
      case 'TOWED':
        if (secondsSince(stamps.TOWED, at) < T.towedToFinished) return;
        await tripStatus(driverId, service.id, 'FINISHED');
        return;
    }
  };

  const step = async (): Promise<void> => {
    const at = now();
    // Only drivers with something to do call the API: an offer to answer or a trip to drive.
    const busy = await repos.drivers.listWithOfferOrTrip();
    for (const { id: driverId, tokenHash } of busy) {
      if (skip.has(driverId)) continue;
      try {
        const own = hashServiceToken(tokenOf(driverId));
        // Signed in elsewhere (a real phone): not ours. Signed in by nobody: ours from now on,
        // unless a phone signs in at this very moment.
        const ours =
          tokenHash === own ||
          (tokenHash === null && (await repos.drivers.claimTokenHash(driverId, own)));
        if (!ours) continue;
        await act(driverId, at);
      } catch (error) {
        // One driver failing (an offer withdrawn meanwhile) must not stop the others.
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
