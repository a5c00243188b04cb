import {
  BranchSchema,
  LatitudeSchema,
  LongitudeSchema,
  type PlaceSuggestion,
} from '@auxilio/domain';
import { z } from 'zod';
import type { GeoProvider } from '../geo-provider.ts';
import { osmPlaceId } from './osm-place-id.ts';
import { callProvider, parseProviderBody, providerUrl } from './provider-http.ts';

// ARCHITECTURE decision 7 "address search / reverse geocoding" with a Photon server (OpenStreetMap
// data; docs/decisions/420). Photon answers GeoJSON: coordinates are [longitude, latitude].

export interface PhotonSettings {
  baseUrl: string;
  timeoutMs: number;
}

const PhotonFeatureSchema = z.object({
  geometry: z.object({
    type: z.literal('Point'),
    coordinates: z.tuple([LongitudeSchema, LatitudeSchema]),
  }),
  properties: z.object({
    osm_type: z.string(),
    osm_id: z.number().int(),
    name: z.string().optional(),
    housenumber: z.string().optional(),
    street: z.string().optional(),
    district: z.string().optional(),
    locality: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    country: z.string().optional(),
    countrycode: z.string().optional(),
  }),
});
type PhotonFeature = z.infer<typeof PhotonFeatureSchema>;

const PhotonResponseSchema = z.object({ features: z.array(PhotonFeatureSchema) });

/**
 * Photon translates names only into the languages of its index (`en`, `de`, `fr` on the public
 * one) and rejects others; `default` asks for the local names, which are Spanish in our countries.
 */
const PHOTON_LANGUAGE = 'default';

/** "Calle Loíza 1500, Santurce, San Juan, Puerto Rico" from the feature's address parts. */
function photonAddress({ properties: p }: PhotonFeature): string {
  const street = p.street ? [p.street, p.housenumber].filter(Boolean).join(' ') : undefined;
  // A street feature is named after its street: "Calle Loíza 1500", not "Calle Loíza, Calle Loíza 1500".
  const head = street && p.name && street.startsWith(p.name) ? [street] : [p.name, street];
  const parts = [...head, p.district ?? p.locality, p.city, p.state, p.country];
  return [...new Set(parts.filter((part): part is string => Boolean(part)))].join(', ');
}

export function photonGeoProvider(settings: PhotonSettings): GeoProvider {
  async function features(path: string, query: [string, string][]) {
    const reply = await callProvider({
      provider: 'photon',
      url: providerUrl(settings.baseUrl, path, [...query, ['lang', PHOTON_LANGUAGE]]),
      timeoutMs: settings.timeoutMs,
    });
    return parseProviderBody('photon', PhotonResponseSchema, reply.body).features;
  }

  return {
    async searchPlaces(query, { countries, limit }) {
      const found = await features('/api', [
        ['q', query],
        ['limit', String(limit)],
        // SPEC 5: "Address search restricted to the account's country" (one countrycode each).
        ...countries.map((country): [string, string] => ['countrycode', country]),
      ]);
      return found.flatMap((feature): PlaceSuggestion[] => {
        const country = BranchSchema.safeParse(feature.properties.countrycode?.toUpperCase());
        const placeId = osmPlaceId(feature.properties.osm_type, feature.properties.osm_id);
        // Defence in depth: older Photon versions ignore `countrycode`.
        if (!country.success || !countries.includes(country.data) || !placeId) return [];
        const address = photonAddress(feature);
        const [lng, lat] = feature.geometry.coordinates;
        return [
          {
            placeId,
            name: feature.properties.name ?? address,
            address,
            country: country.data,
            lat,
            lng,
          },
        ];
      });
    },

    async reverseGeocode(point) {
      const [first] = await features('/reverse', [
        ['lat', String(point.lat)],
        ['lon', String(point.lng)],
        ['limit', '1'],
      ]);
      const placeId = first && osmPlaceId(first.properties.osm_type, first.properties.osm_id);
      return first && placeId ? { address: photonAddress(first), placeId } : null;
    },
  };
}
