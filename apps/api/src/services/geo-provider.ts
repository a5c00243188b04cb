import { createGazetteer, COUNTRY_REGIONS, type Gazetteer } from '@auxilio/geo';
import type { Branch, LatLng, PlaceSuggestion } from '@auxilio/domain';
import { loadBasemapAtlas } from './basemap-atlas.ts';

// ARCHITECTURE decision 7, "address search / reverse geocoding" row: the embedded default is the
// bundled gazetteer; the Google Places/Geocoding, Photon and Nominatim adapters in ./maps implement
// the same interface, chosen by GEO_PROVIDER (decisions 261, 420).

export interface ReverseGeocodeResult {
  /** SPEC 7: "the first result gives formatted address and place id". */
  address: string;
  placeId: string;
}

export interface GeoProvider {
  /** Address search in the given countries only (SPEC 5), best first. */
  searchPlaces(
    query: string,
    options: { countries: readonly Branch[]; limit: number },
  ): Promise<PlaceSuggestion[]>;
  /** The address at a point, or null where the provider knows none (open sea, far away). */
  reverseGeocode(point: LatLng): Promise<ReverseGeocodeResult | null>;
}

/** The gazetteer over the bundled atlas: place-level addresses, no streets (decision 213). */
export function gazetteerGeoProvider(gazetteer: Gazetteer): GeoProvider {
  return {
    searchPlaces: (query, { countries, limit }) =>
      Promise.resolve(
        gazetteer.search(query, { countries, limit }).map((place) => ({
          placeId: place.placeId,
          name: place.name,
          address: place.label,
          country: place.country,
          lat: place.lat,
          lng: place.lng,
        })),
      ),
    reverseGeocode: (point) => {
      if (!insideAtlas(point)) return Promise.resolve(null);
      const result = gazetteer.reverse(point);
      if (!result) return Promise.resolve(null);
      // The address names the municipio only when the nearest place lies in another municipio
      // (decision 213): then the place id is the municipio's, not that other place's.
      const municipioOnly =
        result.municipio !== null && result.municipio.name !== result.place.admin;
      return Promise.resolve({
        address: result.address,
        placeId: municipioOnly ? `fips:${result.municipio?.fips ?? ''}` : result.place.placeId,
      });
    },
  };
}

/** The gazetteer knows the five atlas countries only (decision 210 boxes). */
function insideAtlas({ lat, lng }: LatLng): boolean {
  return Object.values(COUNTRY_REGIONS).some(
    ({ bbox: [west, south, east, north] }) =>
      lng >= west && lng <= east && lat >= south && lat <= north,
  );
}

let embedded: Promise<GeoProvider> | undefined;

/** The embedded-default provider, built once per process from the atlas (about 0.2 s). */
export function embeddedGeoProvider(): Promise<GeoProvider> {
  embedded ??= loadBasemapAtlas().then(({ atlas }) =>
    gazetteerGeoProvider(createGazetteer(atlas.places, atlas)),
  );
  return embedded;
}
