import { z } from 'zod';
import {
  ApiErrorSchema,
  DEFAULT_ADDRESS_SEARCH_COUNTRIES,
  DirectionsQuerySchema,
  DirectionsResponseSchema,
  GetAddressRequestSchema,
  GetAddressResponseSchema,
  LatLngTextSchema,
  PlacesQuerySchema,
  PlacesResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/errors.ts';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../lib/route-schemas.ts';
import { createMapsProviders } from '../../../services/maps/maps-providers.ts';

/** Every maps route can meet a provider failure (decision 420): documented, never a 500. */
const MAPS_ERROR_RESPONSES = {
  ...APP_KEY_ERROR_RESPONSES,
  503: ApiErrorSchema.with(
    z.describe(
      'The configured maps provider failed (timeout, rate limit, server error, unreadable answer)',
    ),
  ),
} as const;

/**
 * /common/maps (SPEC 7 "a maps service (directions, places autocomplete and details, reverse
 * geocoding ...)"; decision 261). Providers chosen by GEO_PROVIDER / ROUTE_PROVIDER (decision 420);
 * embedded defaults: the gazetteer and the estimate router.
 */
const mapsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const maps = createMapsProviders(app.config.maps);
  app.get(
    '/places',
    {
      schema: {
        tags: ['maps'],
        summary: 'Address search in the given countries (SPEC 5), best first',
        description:
          'countries: comma-separated branch codes; default PR,CR,CO,PA (SPEC 5 "when the account ' +
          'has no branch"). The embedded gazetteer knows towns and municipios, not streets; ' +
          'GEO_PROVIDER=google|photon|nominatim search streets and addresses.',
        security: APP_KEY_SECURITY,
        querystring: PlacesQuerySchema,
        response: { 200: PlacesResponseSchema, ...MAPS_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { q, countries, limit } = request.query;
      const provider = await maps.geo();
      const data = await provider.searchPlaces(q, {
        countries: countries ?? DEFAULT_ADDRESS_SEARCH_COUNTRIES,
        limit,
      });
      return { data };
    },
  );

  app.post(
    '/directions/getAddress',
    {
      schema: {
        tags: ['maps'],
        summary: 'Reverse geocoding: the first result (formatted address and place id), or null',
        security: APP_KEY_SECURITY,
        body: GetAddressRequestSchema,
        response: { 200: GetAddressResponseSchema, ...MAPS_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const point = LatLngTextSchema.safeParse(request.body.coords);
      if (!point.success) {
        throw new AppError(
          'BAD_REQUEST',
          'body.coords: latitude or longitude out of range',
          'body.coords',
        );
      }
      const provider = await maps.geo();
      return { data: await provider.reverseGeocode(point.data) };
    },
  );

  app.get(
    '/directions',
    {
      schema: {
        tags: ['maps'],
        summary: 'Route between two points; `approximate` when it is not a road route',
        description:
          'The embedded estimate router draws a straight line and estimates distance and time ' +
          '(ARCHITECTURE decision 7); clients draw it as approximate. With ROUTE_PROVIDER=google|osrm ' +
          'the road route, or the approximate line where the router finds no road (decision 420).',
        security: APP_KEY_SECURITY,
        querystring: DirectionsQuerySchema,
        response: { 200: DirectionsResponseSchema, ...MAPS_ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await maps.route.directions(request.query.origin, request.query.destination),
    }),
  );
  done();
};

export default mapsRoutes;
