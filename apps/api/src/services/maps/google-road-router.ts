import type { LatLng } from '@auxilio/domain';
import { z } from 'zod';
import { decodePolyline } from './encoded-polyline.ts';
import {
  callProvider,
  parseProviderBody,
  providerUnavailable,
  providerUrl,
} from './provider-http.ts';
import type { RoadRouter } from './road-router.ts';

// ARCHITECTURE decision 7 "routing / ETA" with the Google Routes API (docs/decisions/420):
// computeRoutes, driving with traffic, one route; the key and the response field mask in headers.

export interface GoogleRoutesSettings {
  apiKey: string;
  /** https://routes.googleapis.com, or a fixture server in tests. */
  routesUrl: string;
  timeoutMs: number;
  language: string;
}

/** computeRoutes has no default fields: the mask names the three we read. */
export const ROUTES_FIELD_MASK =
  'routes.duration,routes.distanceMeters,routes.polyline.encodedPolyline';

const RoutesResponseSchema = z.object({
  // No route between the points: the response is `{}`.
  routes: z
    .array(
      z.object({
        // proto3 JSON leaves out zero values: a route of 0 m has no distanceMeters.
        distanceMeters: z.number().int().nonnegative().default(0),
        /** "1234s" (seconds with up to nine decimals). */
        duration: z.string().regex(/^\d+(\.\d+)?s$/),
        polyline: z.object({ encodedPolyline: z.string() }),
      }),
    )
    .default([]),
});

const waypoint = ({ lat, lng }: LatLng) => ({
  location: { latLng: { latitude: lat, longitude: lng } },
});

export function googleRoadRouter(settings: GoogleRoutesSettings): RoadRouter {
  return {
    name: 'google-routes',
    async route(origin, destination) {
      const reply = await callProvider({
        provider: 'google-routes',
        method: 'POST',
        url: providerUrl(settings.routesUrl, '/directions/v2:computeRoutes'),
        headers: { 'X-Goog-Api-Key': settings.apiKey, 'X-Goog-FieldMask': ROUTES_FIELD_MASK },
        json: {
          origin: waypoint(origin),
          destination: waypoint(destination),
          travelMode: 'DRIVE',
          // The ETA shown to a stranded customer should know about traffic.
          routingPreference: 'TRAFFIC_AWARE',
          polylineEncoding: 'ENCODED_POLYLINE',
          languageCode: settings.language,
          units: 'METRIC',
        },
        timeoutMs: settings.timeoutMs,
      });
      const [route] = parseProviderBody('google-routes', RoutesResponseSchema, reply.body).routes;
      if (!route) return null;
      const path = decodePolyline(route.polyline.encodedPolyline);
      if (!path) throw providerUnavailable('google-routes', 'malformed response');
      return {
        path,
        distanceMeters: route.distanceMeters,
        durationSeconds: Number(route.duration.slice(0, -1)),
      };
    },
  };
}
