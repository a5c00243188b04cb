import { haversineMeters } from '@auxilio/domain';
import {
  foldText,
  startJsonFixtureServer,
  type FixtureAnswer,
  type JsonFixtureServer,
  type RecordedRequest,
} from './json-fixture-server.ts';
import { OSM_FIXTURE_PLACES, type OsmFixturePlace } from './osm-places.ts';

// A local stand-in for a Nominatim server (decision 420), in its documented jsonv2 format:
// GET /search?q=&format=jsonv2&countrycodes=pr,co&limit=&addressdetails=1 -> an array of places with
// lat/lon as strings, display_name, osm_type (node/way/relation), osm_id and address.country_code;
// GET /reverse?lat=&lon=&format=jsonv2 -> one place, or {"error": "Unable to geocode"}.
// Like the public server's usage policy, it blocks requests without an identifying User-Agent.

const OSM_TYPE = { N: 'node', W: 'way', R: 'relation' } as const;

function jsonv2(place: OsmFixturePlace, withAddress: boolean) {
  const parts = [
    place.street ? [place.housenumber, place.street].filter(Boolean).join(' ') : place.name,
    place.district,
    place.city,
    place.state,
    place.country,
  ].filter(Boolean);
  return {
    place_id: place.osmId + 7, // Nominatim's own ids differ from the OSM ids.
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: OSM_TYPE[place.osmType],
    osm_id: place.osmId,
    lat: String(place.location.lat),
    lon: String(place.location.lng),
    category: place.street ? 'highway' : 'boundary',
    type: place.street ? 'residential' : 'administrative',
    place_rank: place.street ? 26 : 16,
    importance: 0.5,
    addresstype: place.street ? 'road' : 'city',
    name: place.name,
    display_name: parts.join(', '),
    ...(withAddress
      ? { address: { country: place.country, country_code: place.countryCode.toLowerCase() } }
      : {}),
    boundingbox: ['0', '0', '0', '0'],
  };
}

function search(request: RecordedRequest): FixtureAnswer {
  const q = request.query.get('q') ?? '';
  const countries = (request.query.get('countrycodes') ?? '')
    .split(',')
    .filter(Boolean)
    .map((code) => code.toUpperCase());
  const limit = Number(request.query.get('limit') ?? 10);
  const found = OSM_FIXTURE_PLACES.filter(
    (place) =>
      foldText(place.name).includes(foldText(q)) &&
      (countries.length === 0 || countries.includes(place.countryCode)),
  ).slice(0, limit);
  return { json: found.map((place) => jsonv2(place, request.query.get('addressdetails') === '1')) };
}

function reverse(request: RecordedRequest): FixtureAnswer {
  const lat = Number(request.query.get('lat'));
  const lon = Number(request.query.get('lon'));
  if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) {
    return { status: 400, json: { error: { code: 400, message: 'Invalid coordinates' } } };
  }
  const point = { lat, lng: lon };
  const [nearest] = OSM_FIXTURE_PLACES.filter(
    (p) => haversineMeters(point, p.location) < 20_000,
  ).sort((a, b) => haversineMeters(point, a.location) - haversineMeters(point, b.location));
  return { json: nearest ? jsonv2(nearest, false) : { error: 'Unable to geocode' } };
}

export function startNominatimFixture(): Promise<JsonFixtureServer> {
  return startJsonFixtureServer((request) => {
    const agent = request.headers['user-agent'];
    if (!agent || /^(node|undici|curl)/i.test(agent)) {
      return { status: 403, raw: '<html><body>Access blocked: see the usage policy</body></html>' };
    }
    if (request.query.get('format') !== 'jsonv2') {
      return { status: 400, raw: '<searchresults/>' };
    }
    if (request.method === 'GET' && request.path === '/search') return search(request);
    if (request.method === 'GET' && request.path === '/reverse') return reverse(request);
    return { status: 404, raw: 'Not found' };
  });
}
