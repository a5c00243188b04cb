import { useEffect, useState } from 'react';

/**
 * Index of the step shown now, advancing every `intervalMs` and wrapping (SPEC 9 "Animation
 * rotation: 9 s on loading, 8.7 s on tracking"). Restarts from 0 when the number of steps changes.
 */
export function useRotatingStep(count: number, intervalMs: number): number {
  const [tick, setTick] = useState({ count, index: 0 });
  useEffect(() => {
    if (count <= 1) return;
    const timer = setInterval(() => {
      setTick((current) => ({ count, index: current.count === count ? current.index + 1 : 1 }));
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [count, intervalMs]);
  return tick.count === count && count > 0 ? tick.index % count : 0;
}
