import type { LatLng } from '@auxilio/domain';
import { z } from 'zod';
import {
  callProvider,
  parseProviderBody,
  providerUnavailable,
  providerUrl,
} from './provider-http.ts';
import type { RoadRouter } from './road-router.ts';

// ARCHITECTURE decision 7 "routing / ETA" with an OSRM server (docs/decisions/420): the route
// service, car profile, full GeoJSON geometry. OSRM writes coordinates longitude first, both in the
// URL and in the geometry; distances are meters and durations seconds (floats).

export interface OsrmSettings {
  /** The OSRM server, e.g. a self-hosted osrm-routed; a fixture server in tests. */
  baseUrl: string;
  timeoutMs: number;
}

/** OSRM's answers when it finds no route: no road between the points, a point off the network. */
const NO_ROUTE_CODES = new Set(['NoRoute', 'NoSegment']);

const OsrmResponseSchema = z.object({
  code: z.string(),
  routes: z
    .array(
      z.object({
        distance: z.number().nonnegative(),
        duration: z.number().nonnegative(),
        geometry: z.object({
          type: z.literal('LineString'),
          coordinates: z.array(z.tuple([z.number(), z.number()])),
        }),
      }),
    )
    .default([]),
});

/** `{longitude},{latitude}`: OSRM's order, the reverse of ours. */
const lngLat = ({ lat, lng }: LatLng) => `${String(lng)},${String(lat)}`;

export function osrmRoadRouter(settings: OsrmSettings): RoadRouter {
  return {
    name: 'osrm',
    async route(origin, destination) {
      const reply = await callProvider({
        provider: 'osrm',
        url: providerUrl(
          settings.baseUrl,
          `/route/v1/driving/${lngLat(origin)};${lngLat(destination)}`,
          [
            ['overview', 'full'],
            ['geometries', 'geojson'],
          ],
        ),
        timeoutMs: settings.timeoutMs,
        // OSRM answers 400 with a code in the body for NoRoute / NoSegment.
        readableErrorStatuses: [400],
      });
      const body = parseProviderBody('osrm', OsrmResponseSchema, reply.body);
      if (NO_ROUTE_CODES.has(body.code)) return null;
      const [route] = body.routes;
      if (body.code !== 'Ok' || !route) {
        throw providerUnavailable('osrm', /^\w{1,40}$/.test(body.code) ? body.code : 'error');
      }
      return {
        path: route.geometry.coordinates.map(([lng, lat]) => ({ lat, lng })),
        distanceMeters: route.distance,
        durationSeconds: route.duration,
      };
    },
  };
}
