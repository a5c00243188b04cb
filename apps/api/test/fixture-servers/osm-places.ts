import type { LatLng } from '@auxilio/domain';

/** A few OpenStreetMap objects that the Photon and Nominatim fixtures both know. */
export interface OsmFixturePlace {
  osmType: 'N' | 'W' | 'R';
  osmId: number;
  name: string;
  street?: string;
  housenumber?: string;
  district?: string;
  city?: string;
  state?: string;
  country: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  location: LatLng;
}

export const OSM_FIXTURE_PLACES: readonly OsmFixturePlace[] = [
  {
    osmType: 'R',
    osmId: 1_000_101,
    name: 'San Juan',
    country: 'Puerto Rico',
    countryCode: 'PR',
    location: { lat: 18.4655, lng: -66.1057 },
  },
  {
    osmType: 'W',
    osmId: 2_000_202,
    name: 'Calle Loíza',
    street: 'Calle Loíza',
    housenumber: '1500',
    district: 'Santurce',
    city: 'San Juan',
    country: 'Puerto Rico',
    countryCode: 'PR',
    location: { lat: 18.4506, lng: -66.0594 },
  },
  {
    osmType: 'N',
    osmId: 3_000_303,
    name: 'San José',
    state: 'Provincia San José',
    country: 'Costa Rica',
    countryCode: 'CR',
    location: { lat: 9.9281, lng: -84.0907 },
  },
  {
    osmType: 'N',
    osmId: 4_000_404,
    name: 'San José del Cabo',
    state: 'Baja California Sur',
    country: 'México',
    countryCode: 'MX',
    location: { lat: 23.0636, lng: -109.7025 },
  },
];
