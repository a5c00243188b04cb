import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Branch, LatLng } from '@auxilio/domain';
import { useApi } from '../../../lib/use-api.ts';
import {
  MIN_SEARCH_LENGTH,
  reverseGeocodeQuery,
  usePlacesSearch,
  useReverseGeocode as useAddressQuery,
} from '../../../lib/map/index.ts';

// The location screens' one door to the shared map's address search and reverse geocoding
// (decision 282): screens call these hooks only.

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
      try {
        return await queryClient.query(reverseGeocodeQuery(api, point));
      } catch (error) {
        console.warn('Reverse geocoding failed', error);
        return null;
      }
    },
    [api, queryClient],
  );
}

/** The address under a point, as the map settles there (the same cache as useReverseGeocode). */
export function useAddressAt(point: LatLng) {
  return useAddressQuery(point);
}
