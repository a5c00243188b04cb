import { DirectionsSchema, type Directions, type LatLng } from '@auxilio/domain';
import { estimateRouteProvider, type RouteProvider } from '../estimate-router.ts';
import { providerUnavailable } from './provider-http.ts';

/** A road routing service: a route, or null when it finds none between the two points. */
export interface RoadRouter {
  /** Short provider name for messages, e.g. 'osrm'. */
  name: string;
  route(origin: LatLng, destination: LatLng): Promise<RoadRoute | null>;
}

export interface RoadRoute {
  path: LatLng[];
  distanceMeters: number;
  durationSeconds: number;
}

/**
 * A road router as our RouteProvider (docs/decisions/420): its route when it has one; when it finds
 * none (no road between the points, a point off the network) the estimate router's line, flagged
 * `approximate` like the embedded default (decision 262), so the map still shows something honest.
 */
export function withEstimateFallback(router: RoadRouter): RouteProvider {
  return {
    directions: async (origin, destination) => {
      const route = await router.route(origin, destination);
      if (!route) return estimateRouteProvider.directions(origin, destination);
      const directions: Directions = {
        // A route of one point (origin = destination) still draws as a line from A to B.
        path: route.path.length >= 2 ? route.path : [origin, destination],
        distanceMeters: Math.round(route.distanceMeters),
        durationSeconds: Math.round(route.durationSeconds),
        approximate: false,
      };
      const checked = DirectionsSchema.safeParse(directions);
      if (!checked.success) throw providerUnavailable(router.name, 'malformed response');
      return checked.data;
    },
  };
}
