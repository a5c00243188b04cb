import {
  BranchSchema,
  LatitudeSchema,
  LongitudeSchema,
  type Branch,
  type LatLng,
  type PlaceSuggestion,
} from '@auxilio/domain';
import { z } from 'zod';
import type { GeoProvider, ReverseGeocodeResult } from '../geo-provider.ts';
import {
  callProvider,
  parseProviderBody,
  providerUnavailable,
  providerUrl,
} from './provider-http.ts';

// ARCHITECTURE decision 7 "address search / reverse geocoding" with Google (docs/decisions/420):
// Places API (New) Autocomplete for the suggestions, Place Details (New) for the position of each
// (our suggestions carry lat/lng, decision 261), and the Geocoding API for reverse geocoding.

export interface GoogleGeoSettings {
  apiKey: string;
  /** https://places.googleapis.com, or a fixture server in tests. */
  placesUrl: string;
  /** https://maps.googleapis.com, or a fixture server in tests. */
  geocodingUrl: string;
  timeoutMs: number;
  /** Language of names and addresses, e.g. 'es'. */
  language: string;
}

/** Place Details fields we read: the FieldMask keeps the response (and the bill) to these. */
export const PLACE_DETAILS_FIELD_MASK =
  'id,displayName,formattedAddress,location,addressComponents';

const TextSchema = z.object({ text: z.string() });

const AutocompleteResponseSchema = z.object({
  suggestions: z
    .array(
      z.object({
        // Query predictions (no place) are not requested; such entries are skipped.
        placePrediction: z
          .object({
            placeId: z.string().min(1),
            text: TextSchema.optional(),
            structuredFormat: z.object({ mainText: TextSchema }).optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});

const PlaceDetailsSchema = z.object({
  id: z.string().min(1),
  displayName: TextSchema.optional(),
  formattedAddress: z.string().optional(),
  location: z.object({ latitude: LatitudeSchema, longitude: LongitudeSchema }),
  addressComponents: z
    .array(z.object({ shortText: z.string().optional(), types: z.array(z.string()).default([]) }))
    .default([]),
});

const GeocodeResponseSchema = z.object({
  status: z.string(),
  results: z
    .array(z.object({ formatted_address: z.string(), place_id: z.string().min(1) }))
    .default([]),
});

export function googleGeoProvider(settings: GoogleGeoSettings): GeoProvider {
  const keyHeader = { 'X-Goog-Api-Key': settings.apiKey };

  async function autocomplete(query: string, countries: readonly Branch[]) {
    const reply = await callProvider({
      provider: 'google-places',
      method: 'POST',
      url: providerUrl(settings.placesUrl, '/v1/places:autocomplete'),
      headers: keyHeader,
      // SPEC 5: "Address search restricted to the account's country" (includedRegionCodes).
      json: {
        input: query,
        includedRegionCodes: countries.map((country) => country.toLowerCase()),
        languageCode: settings.language,
      },
      timeoutMs: settings.timeoutMs,
    });
    const { suggestions } = parseProviderBody(
      'google-places',
      AutocompleteResponseSchema,
      reply.body,
    );
    return suggestions.flatMap((s) => (s.placePrediction ? [s.placePrediction] : []));
  }

  /** The place's position and country; null when Google no longer knows the place (404). */
  async function details(placeId: string) {
    const reply = await callProvider({
      provider: 'google-places',
      url: providerUrl(settings.placesUrl, `/v1/places/${encodeURIComponent(placeId)}`, [
        ['languageCode', settings.language],
      ]),
      headers: { ...keyHeader, 'X-Goog-FieldMask': PLACE_DETAILS_FIELD_MASK },
      timeoutMs: settings.timeoutMs,
      readableErrorStatuses: [404],
    });
    if (reply.status === 404) return null;
    return parseProviderBody('google-places', PlaceDetailsSchema, reply.body);
  }

  return {
    async searchPlaces(query, { countries, limit }) {
      const predictions = (await autocomplete(query, countries)).slice(0, limit);
      const places = await Promise.all(predictions.map((p) => details(p.placeId)));
      return predictions.flatMap((prediction, i): PlaceSuggestion[] => {
        const place = places[i];
        if (!place) return [];
        const country = BranchSchema.safeParse(
          place.addressComponents
            .find((component) => component.types.includes('country'))
            ?.shortText?.toUpperCase(),
        );
        // Defence in depth for SPEC 5: a place outside the countries asked for is dropped.
        if (!country.success || !countries.includes(country.data)) return [];
        const name =
          prediction.structuredFormat?.mainText.text ?? place.displayName?.text ?? place.id;
        return [
          {
            placeId: place.id,
            name,
            address: place.formattedAddress ?? prediction.text?.text ?? name,
            country: country.data,
            lat: place.location.latitude,
            lng: place.location.longitude,
          },
        ];
      });
    },

    async reverseGeocode(point: LatLng): Promise<ReverseGeocodeResult | null> {
      const reply = await callProvider({
        provider: 'google-geocoding',
        url: providerUrl(settings.geocodingUrl, '/maps/api/geocode/json', [
          ['latlng', `${String(point.lat)},${String(point.lng)}`],
          ['language', settings.language],
          ['key', settings.apiKey],
        ]),
        timeoutMs: settings.timeoutMs,
      });
      const body = parseProviderBody('google-geocoding', GeocodeResponseSchema, reply.body);
      if (body.status === 'ZERO_RESULTS') return null;
      // OVER_QUERY_LIMIT, REQUEST_DENIED, INVALID_REQUEST, UNKNOWN_ERROR come with HTTP 200.
      if (body.status !== 'OK')
        throw providerUnavailable('google-geocoding', statusName(body.status));
      // SPEC 7: "the first result gives formatted address and place id".
      const [first] = body.results;
      return first ? { address: first.formatted_address, placeId: first.place_id } : null;
    },
  };
}

/** Google's status names are fixed words; anything else is not echoed into our messages. */
function statusName(status: string): string {
  return /^[A-Z_]{1,40}$/.test(status) ? status : 'unexpected status';
}
