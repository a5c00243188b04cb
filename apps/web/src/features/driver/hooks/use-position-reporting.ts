import { useEffect, useState } from 'react';
import type { DriverApi } from '../api/driver-api.ts';
import { PositionQueue, positionQueueKey } from '../utils/position-queue.ts';

// While the driver is online or on a trip, the phone's fixes go to POST /driver-app/positions
// (docs/decisions/761): watchPosition, one fix per 5 s (or 25 m), queued, sent every 10 s and at
// once when the connection comes back. The screen shows when the server last took one.

const FLUSH_EVERY_MS = 10_000;

export function usePositionReporting(
  api: DriverApi,
  driverId: string,
  token: string | null,
  active: boolean,
  serverLastPositionAt: string | null,
): { lastPositionAt: string | null } {
  const [sentAt, setSentAt] = useState<string | null>(null);

  useEffect(() => {
    if (!token || !active) return undefined;
    const queue = new PositionQueue(
      (positions) => api.sendPositions(token, positions),
      positionQueueKey(driverId),
      window.localStorage,
    );
    const flush = () => {
      void queue.flush().then((answer) => {
        if (answer?.lastPositionAt) setSentAt(answer.lastPositionAt);
      });
    };
    const geolocation = 'geolocation' in navigator ? navigator.geolocation : null;
    const watch = geolocation?.watchPosition(
      (position) => {
        const { latitude, longitude, heading, accuracy } = position.coords;
        const kept = queue.add({
          lat: latitude,
          lng: longitude,
          ...(heading !== null && !Number.isNaN(heading) ? { heading } : {}),
          ...(Number.isFinite(accuracy) ? { accuracy } : {}),
          at: new Date(position.timestamp).toISOString(),
        });
        // The first fix goes at once: the dispatcher sees the driver without waiting.
        if (kept && queue.pending.length === 1) flush();
      },
      () => {
        // Permission refused or no fix: the trip goes on without positions.
      },
      { enableHighAccuracy: true, maximumAge: 5000, timeout: 30_000 },
    );
    const timer = setInterval(flush, FLUSH_EVERY_MS);
    window.addEventListener('online', flush);
    flush();
    return () => {
      if (watch !== undefined) geolocation?.clearWatch(watch);
      clearInterval(timer);
      window.removeEventListener('online', flush);
    };
  }, [api, driverId, token, active]);

  const latest = [sentAt, serverLastPositionAt]
    .filter((value): value is string => Boolean(value))
    .sort()
    .at(-1);
  return { lastPositionAt: latest ?? null };
}
