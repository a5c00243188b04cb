// Geographic helpers for SPEC 5 and 9 (coordinates in decimal degrees, distances in metres).

/** A position in decimal degrees (WGS 84). */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Mean Earth radius in metres (IUGG), the usual haversine constant. */
export const EARTH_RADIUS_M = 6_371_008.8;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two positions in degrees. */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from one point to another, degrees clockwise from north (0..360). */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  const rad = Math.PI / 180;
  const y = Math.sin((to.lng - from.lng) * rad) * Math.cos(to.lat * rad);
  const x =
    Math.cos(from.lat * rad) * Math.sin(to.lat * rad) -
    Math.sin(from.lat * rad) * Math.cos(to.lat * rad) * Math.cos((to.lng - from.lng) * rad);
  return (Math.atan2(y, x) / rad + 360) % 360;
}

/** True when lat and lng are both exactly 0 (degrees): the "no position" marker. */
export function isZeroCoordinate(point: LatLng): boolean {
  // SPEC 5: "A suggestion request returns no drivers, without a call, when situation lat and lng
  // are both 0."
  return point.lat === 0 && point.lng === 0;
}

/** True when lat is within -90..90 and lng within -180..180 degrees (finite numbers). */
export function isInCoordinateRange(point: LatLng): boolean {
  return (
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lng) &&
    Math.abs(point.lat) <= 90 &&
    Math.abs(point.lng) <= 180
  );
}

/** 'lat,lng' in degrees, the coords format of POST /maps/directions/getAddress (SPEC 7). */
export function formatLatLng(point: LatLng): string {
  return `${point.lat},${point.lng}`;
}

/**
 * Shortest distance in metres from a point to a path (a polyline of positions in degrees).
 * Each segment is flattened around the point (equirectangular): exact enough at the 200 m scale of
 * the route-deviation rule. Infinity for an empty path.
 */
export function distanceToPathMeters(point: LatLng, path: readonly LatLng[]): number {
  const first = path[0];
  if (!first) return Infinity;
  if (path.length === 1) return haversineMeters(point, first);
  const cosLat = Math.cos(toRadians(point.lat));
  // Local planar coordinates in metres, origin at the point.
  const project = (p: LatLng): [number, number] => [
    toRadians(p.lng - point.lng) * cosLat * EARTH_RADIUS_M,
    toRadians(p.lat - point.lat) * EARTH_RADIUS_M,
  ];
  let best = Infinity;
  for (let i = 1; i < path.length; i++) {
    const from = path[i - 1];
    const to = path[i];
    if (!from || !to) continue;
    const [ax, ay] = project(from);
    const [bx, by] = project(to);
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    const t =
      lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}
