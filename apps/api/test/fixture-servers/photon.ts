import { haversineMeters } from '@auxilio/domain';
import {
  foldText,
  startJsonFixtureServer,
  type FixtureAnswer,
  type JsonFixtureServer,
  type RecordedRequest,
} from './json-fixture-server.ts';
import { OSM_FIXTURE_PLACES, type OsmFixturePlace } from './osm-places.ts';

// A local stand-in for a Photon server (decision 420), in its documented format: GET /api?q=&limit=
// &lang=&countrycode= (repeatable) and GET /reverse?lat=&lon=&limit=, both answering a GeoJSON
// FeatureCollection whose Point coordinates are [longitude, latitude] and whose properties follow
// GeocodeJSON (name, street, housenumber, city, state, country, countrycode, osm_type, osm_id, ...).
// Like the public server, it rejects a language it has no index for with a 400.

const LANGUAGES = ['default', 'en', 'de', 'fr'];

function feature(place: OsmFixturePlace) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [place.location.lng, place.location.lat] },
    properties: {
      osm_type: place.osmType,
      osm_id: place.osmId,
      osm_key: place.street ? 'highway' : 'place',
      osm_value: place.street ? 'residential' : 'city',
      type: place.street ? 'street' : 'city',
      name: place.name,
      street: place.street,
      housenumber: place.housenumber,
      district: place.district,
      city: place.city,
      state: place.state,
      country: place.country,
      countrycode: place.countryCode,
    },
  };
}

const collection = (places: readonly OsmFixturePlace[]): FixtureAnswer => ({
  json: { type: 'FeatureCollection', features: places.map(feature) },
});

function search(request: RecordedRequest): FixtureAnswer {
  const q = request.query.get('q');
  if (!q) return { status: 400, json: { message: "missing search term 'q': /?q=berlin" } };
  const countries = request.query.getAll('countrycode').map((code) => code.toUpperCase());
  const limit = Number(request.query.get('limit') ?? 15);
  return collection(
    OSM_FIXTURE_PLACES.filter(
      (place) =>
        foldText(place.name).includes(foldText(q)) &&
        (countries.length === 0 || countries.includes(place.countryCode)),
    ).slice(0, limit),
  );
}

function reverse(request: RecordedRequest): FixtureAnswer {
  const lat = Number(request.query.get('lat'));
  const lon = Number(request.query.get('lon'));
  if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) {
    return { status: 400, json: { message: "invalid search term 'lat'/'lon'" } };
  }
  const point = { lat, lng: lon };
  const nearest = OSM_FIXTURE_PLACES.filter((p) => haversineMeters(point, p.location) < 20_000)
    .sort((a, b) => haversineMeters(point, a.location) - haversineMeters(point, b.location))
    .slice(0, Number(request.query.get('limit') ?? 1));
  return collection(nearest);
}

export function startPhotonFixture(): Promise<JsonFixtureServer> {
  return startJsonFixtureServer((request) => {
    const lang = request.query.get('lang');
    if (lang !== null && !LANGUAGES.includes(lang)) {
      return {
        status: 400,
        json: {
          message: `language ${lang} is not supported, supported languages are: ${LANGUAGES.join(', ')}`,
        },
      };
    }
    if (request.method === 'GET' && request.path === '/api') return search(request);
    if (request.method === 'GET' && request.path === '/reverse') return reverse(request);
    return { status: 404, json: { message: 'not found' } };
  });
}
