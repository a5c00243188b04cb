import { useCallback, useEffect, useRef } from 'react';
import {
  isAccurateEnough,
  TRACKING_WATCH_OPTIONS,
  TRACKING_WATCH_STOP_MS,
  type LatLng,
} from '@auxilio/domain';

/** How a watch ended: an accurate position, or nothing usable (error, denied, 60 s without one). */
export type WatchResult = { kind: 'position'; point: LatLng; accuracy: number } | { kind: 'error' };

/**
 * SPEC 9 "Tracking position watch: high accuracy, timeout 30000 ms, max age 10000 ms, stops after
 * 60 s. Accuracy threshold 20 m". Resolves with the first fix of 20 m or better.
 */
export function useTrackingPositionWatch(): () => Promise<WatchResult> {
  const stopRef = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      stopRef.current?.();
    },
    [],
  );
  return useCallback(
    () =>
      new Promise<WatchResult>((resolve) => {
        const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
        if (!geolocation) {
          resolve({ kind: 'error' });
          return;
        }
        let watchId: number | null = null;
        const finish = (result: WatchResult) => {
          if (watchId !== null) geolocation.clearWatch(watchId);
          clearTimeout(stopTimer);
          stopRef.current = null;
          resolve(result);
        };
        const stopTimer = setTimeout(() => {
          finish({ kind: 'error' });
        }, TRACKING_WATCH_STOP_MS);
        stopRef.current = () => {
          finish({ kind: 'error' });
        };
        watchId = geolocation.watchPosition(
          (position) => {
            const { latitude, longitude, accuracy } = position.coords;
            // SPEC 5 "Live position accepted only when accuracy is 20 m or better": keep watching.
            if (!isAccurateEnough(accuracy)) return;
            finish({ kind: 'position', point: { lat: latitude, lng: longitude }, accuracy });
          },
          () => {
            finish({ kind: 'error' });
          },
          TRACKING_WATCH_OPTIONS,
        );
      }),
    [],
  );
}
