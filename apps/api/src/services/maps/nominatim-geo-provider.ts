import {
  BranchSchema,
  LatitudeSchema,
  LongitudeSchema,
  type PlaceSuggestion,
} from '@auxilio/domain';
import { z } from 'zod';
import type { GeoProvider } from '../geo-provider.ts';
import { osmPlaceId } from './osm-place-id.ts';
import {
  callProvider,
  parseProviderBody,
  providerUnavailable,
  providerUrl,
} from './provider-http.ts';

// ARCHITECTURE decision 7 "address search / reverse geocoding" with a Nominatim server
// (OpenStreetMap data; docs/decisions/420). jsonv2 output: lat and lon come as strings. The public
// server's usage policy: an identifying User-Agent, at most one request per second.

export interface NominatimSettings {
  baseUrl: string;
  userAgent: string;
  /** Least time between two requests (1000 for the public server; 0 for one's own). */
  minIntervalMs: number;
  timeoutMs: number;
  language: string;
}

const lat = z.coerce.number().pipe(LatitudeSchema);
const lon = z.coerce.number().pipe(LongitudeSchema);

const NominatimPlaceSchema = z.object({
  osm_type: z.string(),
  osm_id: z.number().int(),
  lat,
  lon,
  name: z.string().optional(),
  display_name: z.string(),
  address: z.object({ country_code: z.string().optional() }).optional(),
});

const SearchResponseSchema = z.array(NominatimPlaceSchema);

/** Reverse answers one place, or `{ "error": "Unable to geocode" }` where it knows none. */
const ReverseResponseSchema = z.union([
  z.object({ error: z.string() }),
  NominatimPlaceSchema.pick({ osm_type: true, osm_id: true, display_name: true }),
]);

/**
 * Spaces requests `intervalMs` apart. A caller that would wait longer than `maxWaitMs` for its turn
 * gets a 503 at once instead (a queue that long means the service is saturated).
 */
export function requestSpacer(intervalMs: number, maxWaitMs: number) {
  let nextSlot = 0;
  return async (provider: string): Promise<void> => {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    if (slot - now > maxWaitMs) throw providerUnavailable(provider, 'request rate limit');
    nextSlot = slot + intervalMs;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
}

export function nominatimGeoProvider(settings: NominatimSettings): GeoProvider {
  const waitTurn = requestSpacer(settings.minIntervalMs, settings.timeoutMs);

  async function get(path: string, query: [string, string][]): Promise<unknown> {
    await waitTurn('nominatim');
    const reply = await callProvider({
      provider: 'nominatim',
      url: providerUrl(settings.baseUrl, path, [
        ...query,
        ['format', 'jsonv2'],
        ['accept-language', settings.language],
      ]),
      headers: { 'User-Agent': settings.userAgent },
      timeoutMs: settings.timeoutMs,
    });
    return reply.body;
  }

  return {
    async searchPlaces(query, { countries, limit }) {
      const body = await get('/search', [
        ['q', query],
        ['limit', String(limit)],
        ['addressdetails', '1'],
        // SPEC 5: "Address search restricted to the account's country".
        ['countrycodes', countries.map((country) => country.toLowerCase()).join(',')],
      ]);
      const places = parseProviderBody('nominatim', SearchResponseSchema, body);
      return places.flatMap((place): PlaceSuggestion[] => {
        const country = BranchSchema.safeParse(place.address?.country_code?.toUpperCase());
        const placeId = osmPlaceId(place.osm_type, place.osm_id);
        if (!country.success || !countries.includes(country.data) || !placeId) return [];
        const name = place.name || place.display_name.split(',')[0]?.trim() || place.display_name;
        return [
          {
            placeId,
            name,
            address: place.display_name,
            country: country.data,
            lat: place.lat,
            lng: place.lon,
          },
        ];
      });
    },

    async reverseGeocode(point) {
      const body = await get('/reverse', [
        ['lat', String(point.lat)],
        ['lon', String(point.lng)],
        ['zoom', '18'],
      ]);
      const place = parseProviderBody('nominatim', ReverseResponseSchema, body);
      if ('error' in place) return null;
      const placeId = osmPlaceId(place.osm_type, place.osm_id);
      return placeId ? { address: place.display_name, placeId } : null;
    },
  };
}
