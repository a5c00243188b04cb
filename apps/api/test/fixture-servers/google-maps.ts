import { haversineMeters, type LatLng } from '@auxilio/domain';
import {
  foldText,
  startJsonFixtureServer,
  type FixtureAnswer,
  type JsonFixtureServer,
  type RecordedRequest,
} from './json-fixture-server.ts';
import { encodePolyline } from './polyline.ts';

// A local stand-in for three Google Maps Platform web services (decision 420), in their documented
// formats:
// - Places API (New): POST /v1/places:autocomplete {input, includedRegionCodes, languageCode} ->
//   {suggestions: [{placePrediction: {place, placeId, text, structuredFormat, types}}]} ({} when none);
//   GET /v1/places/{id} with X-Goog-FieldMask (required) -> the Place with only the masked fields.
//   Errors: {error: {code, message, status}} (403 PERMISSION_DENIED for a wrong key, 404 NOT_FOUND).
// - Geocoding API: GET /maps/api/geocode/json?latlng=lat,lng&key= -> {results, status} where
//   status is OK, ZERO_RESULTS, REQUEST_DENIED... always with HTTP 200.
// - Routes API: POST /directions/v2:computeRoutes with X-Goog-Api-Key and X-Goog-FieldMask ->
//   {routes: [{distanceMeters, duration: "123s", polyline: {encodedPolyline}}]} ({} when no route).

interface FixturePlace {
  id: string;
  name: string;
  formattedAddress: string;
  country: string;
  countryName: string;
  location: LatLng;
  /** A street address near the place: the first reverse-geocoding result. */
  street?: { formattedAddress: string; placeId: string };
}

export const GOOGLE_FIXTURE_PLACES: readonly FixturePlace[] = [
  {
    id: 'ChIJ-SanJuan-PR',
    name: 'San Juan',
    formattedAddress: 'San Juan, Puerto Rico',
    country: 'PR',
    countryName: 'Puerto Rico',
    location: { lat: 18.4655, lng: -66.1057 },
    street: {
      formattedAddress: 'Calle del Cristo 255, San Juan, 00901, Puerto Rico',
      placeId: 'ChIJ-CalleDelCristo-255',
    },
  },
  {
    id: 'ChIJ-Ponce-PR',
    name: 'Ponce',
    formattedAddress: 'Ponce, Puerto Rico',
    country: 'PR',
    countryName: 'Puerto Rico',
    location: { lat: 18.0111, lng: -66.6141 },
  },
  {
    id: 'ChIJ-SanJose-CR',
    name: 'San José',
    formattedAddress: 'San José, Costa Rica',
    country: 'CR',
    countryName: 'Costa Rica',
    location: { lat: 9.9281, lng: -84.0907 },
  },
  {
    id: 'ChIJ-SanJoseDelCabo-MX',
    name: 'San José del Cabo',
    formattedAddress: 'San José del Cabo, B.C.S., México',
    country: 'MX',
    countryName: 'México',
    location: { lat: 23.0636, lng: -109.7025 },
  },
  {
    id: 'ChIJ-Bogota-CO',
    name: 'Bogotá',
    formattedAddress: 'Bogotá, Colombia',
    country: 'CO',
    countryName: 'Colombia',
    location: { lat: 4.711, lng: -74.0721 },
  },
];

/** Routes longer than this (straight line) have no road in the simulation (e.g. across the sea). */
const LONGEST_ROAD_M = 400_000;

export interface GoogleMapsFixture extends JsonFixtureServer {
  apiKey: string;
}

/** Google's JSON error body for the Places (New) and Routes APIs. */
export function googleError(code: number, status: string, message: string): FixtureAnswer {
  return { status: code, json: { error: { code, message, status } } };
}

const wrongKey = () =>
  googleError(403, 'PERMISSION_DENIED', 'API key not valid. Please pass a valid API key.');

function autocomplete(request: RecordedRequest): FixtureAnswer {
  const body = request.body as { input?: string; includedRegionCodes?: string[] };
  if (typeof body.input !== 'string') {
    return googleError(400, 'INVALID_ARGUMENT', 'input is required');
  }
  const regions = (body.includedRegionCodes ?? []).map((code) => code.toUpperCase());
  const input = foldText(body.input);
  const matches = GOOGLE_FIXTURE_PLACES.filter(
    (place) =>
      foldText(place.name).includes(input) &&
      (regions.length === 0 || regions.includes(place.country)),
  ).slice(0, 5);
  if (matches.length === 0) return { json: {} };
  return {
    json: {
      suggestions: matches.map((place) => ({
        placePrediction: {
          place: `places/${place.id}`,
          placeId: place.id,
          text: { text: place.formattedAddress, matches: [{ endOffset: body.input?.length }] },
          structuredFormat: {
            mainText: { text: place.name },
            secondaryText: { text: place.countryName },
          },
          types: ['locality', 'political', 'geocode'],
        },
      })),
    },
  };
}

function placeDetails(request: RecordedRequest, id: string): FixtureAnswer {
  const mask = request.headers['x-goog-fieldmask'];
  if (typeof mask !== 'string' || mask === '') {
    return googleError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.');
  }
  const place = GOOGLE_FIXTURE_PLACES.find((p) => p.id === id);
  if (!place) return googleError(404, 'NOT_FOUND', `Place '${id}' was not found.`);
  const full: Record<string, unknown> = {
    name: `places/${place.id}`,
    id: place.id,
    displayName: { text: place.name, languageCode: 'es' },
    formattedAddress: place.formattedAddress,
    location: { latitude: place.location.lat, longitude: place.location.lng },
    addressComponents: [
      { longText: place.name, shortText: place.name, types: ['locality', 'political'] },
      {
        longText: place.countryName,
        shortText: place.country,
        types: ['country', 'political'],
        languageCode: 'es',
      },
    ],
    rating: 4.6,
  };
  const fields = mask.split(',');
  return {
    json: Object.fromEntries(
      Object.entries(full).filter(([field]) => mask === '*' || fields.includes(field)),
    ),
  };
}

function reverseGeocode(request: RecordedRequest, apiKey: string): FixtureAnswer {
  if (request.query.get('key') !== apiKey) {
    return {
      json: {
        error_message: 'The provided API key is invalid.',
        results: [],
        status: 'REQUEST_DENIED',
      },
    };
  }
  const [lat, lng] = (request.query.get('latlng') ?? '').split(',').map(Number);
  if (lat === undefined || lng === undefined || !(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) {
    return { json: { results: [], status: 'INVALID_REQUEST' } };
  }
  const point = { lat, lng };
  const near = GOOGLE_FIXTURE_PLACES.filter(
    (place) => haversineMeters(point, place.location) < 30_000,
  ).sort((a, b) => haversineMeters(point, a.location) - haversineMeters(point, b.location));
  const [nearest] = near;
  if (!nearest) return { json: { plus_code: {}, results: [], status: 'ZERO_RESULTS' } };
  const locality = {
    formatted_address: nearest.formattedAddress,
    place_id: nearest.id,
    types: ['locality', 'political'],
    geometry: { location: nearest.location, location_type: 'APPROXIMATE' },
  };
  const results = nearest.street
    ? [
        {
          formatted_address: nearest.street.formattedAddress,
          place_id: nearest.street.placeId,
          types: ['street_address'],
          geometry: { location: point, location_type: 'ROOFTOP' },
        },
        locality,
      ]
    : [locality];
  return { json: { results, status: 'OK' } };
}

function computeRoutes(request: RecordedRequest): FixtureAnswer {
  const mask = request.headers['x-goog-fieldmask'];
  if (typeof mask !== 'string' || mask === '') {
    return googleError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.');
  }
  type Waypoint = { location?: { latLng?: { latitude?: number; longitude?: number } } };
  const body = request.body as { origin?: Waypoint; destination?: Waypoint };
  const toPoint = (waypoint: Waypoint | undefined): LatLng | null => {
    const latLng = waypoint?.location?.latLng;
    return typeof latLng?.latitude === 'number' && typeof latLng.longitude === 'number'
      ? { lat: latLng.latitude, lng: latLng.longitude }
      : null;
  };
  const origin = toPoint(body.origin);
  const destination = toPoint(body.destination);
  if (!origin || !destination) {
    return googleError(400, 'INVALID_ARGUMENT', 'Origin and destination must be set.');
  }
  const straight = haversineMeters(origin, destination);
  if (straight > LONGEST_ROAD_M) return { json: {} };
  const bend = {
    lat: (origin.lat + destination.lat) / 2 + 0.01,
    lng: (origin.lng + destination.lng) / 2,
  };
  const distanceMeters = Math.round(straight * 1.25);
  const route: Record<string, unknown> = {
    distanceMeters,
    duration: `${String(Math.round(distanceMeters / 13))}s`,
    polyline: { encodedPolyline: encodePolyline([origin, bend, destination]) },
    legs: [{ staticDuration: '1s' }],
  };
  const fields = mask.split(',').map((field) => field.replace(/^routes\./, '').split('.')[0]);
  return {
    json: {
      routes: [Object.fromEntries(Object.entries(route).filter(([k]) => fields.includes(k)))],
    },
  };
}

/** Starts the fixture; requests must carry `apiKey` (header, or `key` for the Geocoding API). */
export async function startGoogleMapsFixture(apiKey: string): Promise<GoogleMapsFixture> {
  const server = await startJsonFixtureServer((request) => {
    const headerKey = request.headers['x-goog-api-key'];
    if (request.method === 'POST' && request.path === '/v1/places:autocomplete') {
      return headerKey === apiKey ? autocomplete(request) : wrongKey();
    }
    const details = /^\/v1\/places\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && details?.[1]) {
      return headerKey === apiKey ? placeDetails(request, details[1]) : wrongKey();
    }
    if (request.method === 'GET' && request.path === '/maps/api/geocode/json') {
      return reverseGeocode(request, apiKey);
    }
    if (request.method === 'POST' && request.path === '/directions/v2:computeRoutes') {
      return headerKey === apiKey ? computeRoutes(request) : wrongKey();
    }
    return googleError(404, 'NOT_FOUND', `No ${request.method} ${request.path}`);
  });
  return { ...server, apiKey };
}
