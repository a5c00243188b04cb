import { useEffect, useRef, useState } from 'react';
import type { LatLng } from '@auxilio/domain';

/** How long a marker glides to its next reported position (ms). */
export const MARKER_GLIDE_MS = 1_500;

/**
 * A position that glides from its previous value to `target` (the driver's truck moves instead of
 * jumping on every report). Honours prefers-reduced-motion by jumping.
 */
export function useAnimatedPosition(target: LatLng, durationMs = MARKER_GLIDE_MS): LatLng {
  const [position, setPosition] = useState(target);
  const from = useRef(target);
  const current = useRef(target);
  const { lat, lng } = target;
  useEffect(() => {
    const goal = { lat, lng };
    const reduced =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    from.current = current.current;
    const duration = reduced ? 0 : durationMs;
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const t = duration > 0 ? Math.min(1, (now - start) / duration) : 1;
      const eased = t * (2 - t);
      const next = {
        lat: from.current.lat + (goal.lat - from.current.lat) * eased,
        lng: from.current.lng + (goal.lng - from.current.lng) * eased,
      };
      current.current = next;
      setPosition(next);
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [lat, lng, durationMs]);
  return position;
}
