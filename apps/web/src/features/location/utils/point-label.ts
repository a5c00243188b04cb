import type { LocationPoint } from '@auxilio/domain';

/** Text shown for a chosen point (its address; '' while none is chosen). */
export function pointLabel(point: LocationPoint): string {
  return point.prettyAddress.trim() || point.address.trim();
}
