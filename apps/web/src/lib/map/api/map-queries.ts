import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  buildGetAddressRequest,
  DirectionsResponseSchema,
  formatLatLng,
  GetAddressResponseSchema,
  PlacesResponseSchema,
  type Branch,
  type Directions,
  type LatLng,
  type PlaceSuggestion,
} from '@auxilio/domain';
import type { ApiClient } from '../../api-client.ts';
import { useApi } from '../../use-api.ts';

// The /common/maps API (decision 261) as TanStack Query hooks. No map code here: the request-flow
// screens import these without loading Leaflet.

export const mapKeys = {
  places: (query: string, countries: readonly Branch[]) =>
    ['maps', 'places', query, countries.join(',')] as const,
  address: (point: LatLng) => ['maps', 'address', formatLatLng(point)] as const,
  directions: (origin: LatLng, destination: LatLng) =>
    ['maps', 'directions', formatLatLng(origin), formatLatLng(destination)] as const,
};

/** Shortest query sent to the search (fewer letters match half the gazetteer). */
export const MIN_SEARCH_LENGTH = 2;

/**
 * Address search restricted to `countries` (SPEC 5: the domain's `addressSearchCountries(branch)`).
 * Debounce the text in the screen; the previous results stay shown while the next ones load.
 */
export function usePlacesSearch(query: string, countries: readonly Branch[]) {
  const api = useApi();
  const q = query.trim();
  return useQuery<PlaceSuggestion[]>({
    queryKey: mapKeys.places(q, countries),
    queryFn: async ({ signal }) =>
      (
        await api.get('/maps/places', PlacesResponseSchema, {
          query: { q, countries: countries.join(',') },
          signal,
        })
      ).data,
    enabled: q.length >= MIN_SEARCH_LENGTH && countries.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60 * 60_000,
  });
}

/** Rounds to 5 decimals (about 1 m) so a map that settles twice asks once. */
function rounded(point: LatLng): LatLng {
  return { lat: Math.round(point.lat * 1e5) / 1e5, lng: Math.round(point.lng * 1e5) / 1e5 };
}

/**
 * SPEC 7 `POST /maps/directions/getAddress`: the address and place id at a point (data null where
 * the provider knows none). One query for the declarative hook below and for screens that ask on
 * demand (`queryClient.query(reverseGeocodeQuery(api, point))`), so both share the cache.
 */
export function reverseGeocodeQuery(api: ApiClient, point: LatLng) {
  const at = rounded(point);
  return queryOptions({
    queryKey: mapKeys.address(at),
    queryFn: async ({ signal }) =>
      (
        await api.post(
          '/maps/directions/getAddress',
          buildGetAddressRequest(at.lat, at.lng),
          GetAddressResponseSchema,
          { signal },
        )
      ).data,
    staleTime: 60 * 60_000,
  });
}

/** The address at `point`; null disables the call. */
export function useReverseGeocode(point: LatLng | null) {
  const api = useApi();
  return useQuery({
    ...reverseGeocodeQuery(api, point ?? { lat: 0, lng: 0 }),
    enabled: point !== null,
  });
}

/**
 * A route between two points (`approximate` true for the embedded estimate router: draw it dashed).
 * SPEC 5 "Driver route recomputed when the driver is more than 200 m from the path": change
 * `origin` when the domain's `distanceToPathMeters(driver, path)` exceeds `ROUTE_DEVIATION_M`.
 */
export function useDirections(origin: LatLng | null, destination: LatLng | null) {
  const api = useApi();
  return useQuery<Directions>({
    queryKey: mapKeys.directions(origin ?? { lat: 0, lng: 0 }, destination ?? { lat: 0, lng: 0 }),
    queryFn: async ({ signal }) =>
      (
        await api.get('/maps/directions', DirectionsResponseSchema, {
          query: {
            origin: formatLatLng(origin ?? { lat: 0, lng: 0 }),
            destination: formatLatLng(destination ?? { lat: 0, lng: 0 }),
          },
          signal,
        })
      ).data,
    enabled: origin !== null && destination !== null,
    staleTime: 5 * 60_000,
  });
}
