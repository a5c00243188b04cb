import { useState } from 'react';
import { bearingDegrees, haversineMeters, type LatLng } from '@auxilio/domain';

/** Smaller moves are GPS jitter, not a direction. */
const MIN_MOVE_M = 10;

/**
 * Where the driver's arrow points: the direction of the last move of at least 10 m; before any,
 * towards `destination` (where the driver is going). Undefined without a driver.
 */
export function useTravelHeading(
  driver: LatLng | null,
  destination: LatLng | null,
): number | undefined {
  const [last, setLast] = useState<{ at: LatLng; heading: number } | null>(null);
  // Adjusted while rendering (no effect): a move of the driver turns the arrow on the same render.
  if (driver && last && haversineMeters(last.at, driver) >= MIN_MOVE_M) {
    setLast({ at: driver, heading: bearingDegrees(last.at, driver) });
  } else if (driver && !last && destination) {
    setLast({ at: driver, heading: bearingDegrees(driver, destination) });
  }
  if (!driver) return undefined;
  return last?.heading;
}
