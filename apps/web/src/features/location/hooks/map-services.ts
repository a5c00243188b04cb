import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import {
  buildGetAddressRequest,
  GetAddressResponseSchema,
  type Branch,
  type LatLng,
} from '@auxilio/domain';
import { useApi } from '../../../lib/use-api.ts';

// The location screens' one door to address search and reverse geocoding (SPEC 7 "a maps service
// (directions, places autocomplete and details, reverse geocoding ...)"). Screens call these two
// hooks only, so the calls can move to the map feature's hooks without touching a screen.

/** One address the search offers, with its position in degrees. */
export interface PlaceSuggestion {
  placeId: string;
  address: string;
  lat: number;
  lng: number;
}

const PlacesResponseSchema = z.object({
  data: z.array(
    z.object({ placeId: z.string(), address: z.string(), lat: z.number(), lng: z.number() }),
  ),
});

/** Shortest query worth sending (fewer letters match half the island). */
export const MIN_SEARCH_LENGTH = 3;

/**
 * Addresses matching the text, restricted to the given countries (SPEC 5 "Address search restricted
 * to the account's country, or to PR, CO, CR, PA when the account has no branch").
 */
export function useAddressSearch(query: string, countries: readonly Branch[]) {
  const api = useApi();
  const q = query.trim();
  return useQuery({
    queryKey: ['maps', 'places', q, countries.join(',')],
    queryFn: ({ signal }) =>
      api
        .get('/maps/places', PlacesResponseSchema, {
          query: { q, countries: countries.join(',') },
          signal,
        })
        .then((body): PlaceSuggestion[] => body.data),
    enabled: q.length >= MIN_SEARCH_LENGTH,
    staleTime: 5 * 60_000,
  });
}

/** The address of a point, or null when none is known or the call fails (SPEC 8: logged only). */
export function useReverseGeocode(): (point: LatLng) => Promise<{
  address: string;
  placeId: string;
} | null> {
  const api = useApi();
  return useCallback(
    async (point: LatLng) => {
      try {
        const body = await api.post(
          '/maps/directions/getAddress',
          buildGetAddressRequest(point.lat, point.lng),
          GetAddressResponseSchema,
        );
        return body.data;
      } catch (error) {
        console.warn('Reverse geocoding failed', error);
        return null;
      }
    },
    [api],
  );
}
