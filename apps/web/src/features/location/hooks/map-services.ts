import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  buildGetAddressRequest,
  GetAddressResponseSchema,
  type Branch,
  type LatLng,
} from '@auxilio/domain';
import { useApi } from '../../../lib/use-api.ts';
import { mapKeys, MIN_SEARCH_LENGTH, usePlacesSearch } from '../../map/index.ts';

// The location screens' one door to the map feature's address search and reverse geocoding
// (decision 282): screens call these two hooks only.

export { MIN_SEARCH_LENGTH };

/**
 * Addresses matching the text, restricted to the given countries (SPEC 5 "Address search restricted
 * to the account's country, or to PR, CO, CR, PA when the account has no branch").
 */
export function useAddressSearch(query: string, countries: readonly Branch[]) {
  return usePlacesSearch(query, countries);
}

/**
 * The address of a point on demand (after a position read or OK on the map), sharing the map
 * feature's cache; null when none is known or the call fails (SPEC 8: logged only).
 */
export function useReverseGeocode(): (
  point: LatLng,
) => Promise<{ address: string; placeId: string } | null> {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (point: LatLng) => {
      const at = { lat: Math.round(point.lat * 1e5) / 1e5, lng: Math.round(point.lng * 1e5) / 1e5 };
      try {
        return await queryClient.query({
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
      } catch (error) {
        console.warn('Reverse geocoding failed', error);
        return null;
      }
    },
    [api, queryClient],
  );
}
