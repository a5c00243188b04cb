import { haversineMeters, type Directions, type LatLng } from '@auxilio/domain';

// ARCHITECTURE decision 7, routing / ETA row: the embedded default is an "estimate router (straight
// line x detour factor, speed model), marked approximate". The Google Routes and OSRM adapters in
// ./maps replace it for /common/maps/directions when ROUTE_PROVIDER says so (decision 420); dispatch
// ETAs over many candidates keep using this estimate.

/** Roads are not straight: a typical urban detour ratio (network distance / straight line). */
export const DETOUR_FACTOR = 1.35;
/** Average tow/service-car speed in town, m/s (about 36 km/h including lights and turns). */
export const URBAN_SPEED_MPS = 10;
/** Beyond this straight-line distance the trip is mostly highway. */
const HIGHWAY_FROM_M = 15_000;
/** Highway speed, m/s (about 72 km/h). */
const HIGHWAY_SPEED_MPS = 20;
/** Getting the truck moving: a fixed start-up time in seconds. */
const START_UP_SECONDS = 60;

export interface RouteEstimate {
  distanceMeters: number;
  etaSeconds: number;
  /** Always true: straight line x detour factor, not a road network route. */
  approximate: true;
  path: [LatLng, LatLng];
}

/** Estimated road distance and travel time between two points (decision 7, approximate). */
export function estimateRoute(from: LatLng, to: LatLng): RouteEstimate {
  const distanceMeters = Math.round(haversineMeters(from, to) * DETOUR_FACTOR);
  const urban = Math.min(distanceMeters, HIGHWAY_FROM_M * DETOUR_FACTOR);
  const highway = distanceMeters - urban;
  const etaSeconds = Math.round(
    START_UP_SECONDS + urban / URBAN_SPEED_MPS + highway / HIGHWAY_SPEED_MPS,
  );
  return {
    distanceMeters,
    etaSeconds,
    approximate: true,
    path: [
      { lat: from.lat, lng: from.lng },
      { lat: to.lat, lng: to.lng },
    ],
  };
}

/** The point a fraction (0..1) of the way along a straight path (the simulator's driving). */
export function pointAlong(from: LatLng, to: LatLng, fraction: number): LatLng {
  const f = Math.min(1, Math.max(0, fraction));
  return { lat: from.lat + (to.lat - from.lat) * f, lng: from.lng + (to.lng - from.lng) * f };
}

/**
 * Routing behind one interface (ARCHITECTURE decision 7 "routing / ETA" row): the estimate router
 * is the embedded default; Google Routes and OSRM adapters live in ./maps (decision 420).
 */
export interface RouteProvider {
  directions(origin: LatLng, destination: LatLng): Promise<Directions>;
}

/** The estimate router as a RouteProvider: a straight line, flagged approximate (decision 262). */
export const estimateRouteProvider: RouteProvider = {
  directions: (origin, destination) => {
    const estimate = estimateRoute(origin, destination);
    return Promise.resolve({
      path: estimate.path,
      distanceMeters: estimate.distanceMeters,
      durationSeconds: estimate.etaSeconds,
      approximate: true,
    });
  },
};
