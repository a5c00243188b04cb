import type { ChosenPointKind, LocationPoint } from '@auxilio/domain';

/** The point-on-map mode of /location: `?pick=situation` or `?pick=destination` (decision 280). */
export function pickFromSearch(search: string): ChosenPointKind | null {
  const pick = new URLSearchParams(search).get('pick');
  return pick === 'situation' || pick === 'destination' ? pick : null;
}

/** Text shown for a chosen point (its address; '' while none is chosen). */
export function pointLabel(point: LocationPoint): string {
  return point.prettyAddress.trim() || point.address.trim();
}
