import { useEffect, useRef, useState } from 'react';
import type { LatLng } from '@auxilio/domain';

/** How long the marker takes to glide to a new fix (a little under the simulator's report period). */
export const MARKER_GLIDE_MS = 1_500;

/**
 * The driver's position for the marker, gliding from the last shown point to each new fix instead of
 * jumping, so the truck is seen driving. Reduced-motion users get the jump.
 */
export function useAnimatedPosition(target: LatLng | null): LatLng | null {
  const [shown, setShown] = useState<LatLng | null>(target);
  const shownRef = useRef<LatLng | null>(target);
  const lat = target?.lat;
  const lng = target?.lng;

  useEffect(() => {
    const from = shownRef.current;
    const target = lat !== undefined && lng !== undefined ? { lat, lng } : null;
    const reduce =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!target || !from || reduce || typeof requestAnimationFrame !== 'function') {
      shownRef.current = target;
      setShown(target);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (time: number) => {
      const t = Math.min(1, (time - start) / MARKER_GLIDE_MS);
      const eased = t * (2 - t);
      const point = {
        lat: from.lat + (target.lat - from.lat) * eased,
        lng: from.lng + (target.lng - from.lng) * eased,
      };
      shownRef.current = point;
      setShown(point);
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [lat, lng]);

  return shown;
}
