import { haversineMeters, type LatLng } from '@auxilio/domain';
import {
  startJsonFixtureServer,
  type FixtureAnswer,
  type JsonFixtureServer,
  type RecordedRequest,
} from './json-fixture-server.ts';
import { encodePolyline } from './polyline.ts';

// A local stand-in for an OSRM server (decision 420), in the documented v5 HTTP format:
// GET /route/v1/{profile}/{lon},{lat};{lon},{lat}?overview=full&geometries=geojson ->
// {code: "Ok", routes: [{geometry, distance (m), duration (s), legs, weight}], waypoints}; the
// geometry is GeoJSON ([lon, lat] pairs) only when asked, an encoded polyline otherwise.
// Failures are HTTP 400 with {code, message}: NoSegment for a point off the road network, NoRoute
// when no road joins the points, InvalidQuery for coordinates it cannot read.

interface Island {
  name: string;
  south: number;
  north: number;
  west: number;
  east: number;
}

/** The road networks the fixture "has": Puerto Rico, and Central America down to Colombia. */
const NETWORKS: readonly Island[] = [
  { name: 'puerto-rico', south: 17.8, north: 18.6, west: -67.3, east: -65.2 },
  { name: 'isthmus', south: 4, north: 15, west: -86, east: -74 },
];

const networkOf = ({ lat, lng }: LatLng) =>
  NETWORKS.find((n) => lat >= n.south && lat <= n.north && lng >= n.west && lng <= n.east);

const failure = (code: string, message: string): FixtureAnswer => ({
  status: 400,
  json: { code, message },
});

function route(request: RecordedRequest, coordinates: string): FixtureAnswer {
  const points = coordinates.split(';').map((pair) => {
    const [lon, lat] = pair.split(',').map(Number);
    return { lat: lat ?? NaN, lng: lon ?? NaN };
  });
  if (points.length < 2 || points.some((p) => !(Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180))) {
    return failure('InvalidQuery', 'Query string malformed close to position 0');
  }
  const networks = points.map(networkOf);
  if (networks.some((n) => n === undefined)) {
    return failure('NoSegment', 'Could not find a matching segment for any coordinate.');
  }
  if (new Set(networks).size > 1) return failure('NoRoute', 'Impossible route between points');
  const [from, to] = points as [LatLng, LatLng];
  const line: LatLng[] = [
    from,
    { lat: (from.lat + to.lat) / 2 - 0.005, lng: (from.lng + to.lng) / 2 },
    to,
  ];
  const distance = haversineMeters(from, to) * 1.3 + 0.4;
  const duration = distance / 11.1;
  const geojson = request.query.get('geometries') === 'geojson';
  const full = request.query.get('overview') === 'full';
  const shown = full ? line : [from, to];
  return {
    json: {
      code: 'Ok',
      routes: [
        {
          geometry: geojson
            ? { type: 'LineString', coordinates: shown.map((p) => [p.lng, p.lat]) }
            : encodePolyline(shown),
          legs: [{ steps: [], summary: '', weight: duration, duration, distance }],
          weight_name: 'routability',
          weight: duration,
          duration,
          distance,
        },
      ],
      waypoints: points.map((p) => ({
        hint: 'x',
        distance: 3.2,
        name: '',
        location: [p.lng, p.lat],
      })),
    },
  };
}

export function startOsrmFixture(): Promise<JsonFixtureServer> {
  return startJsonFixtureServer((request) => {
    const match = /^\/route\/v1\/(driving|car)\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && match?.[2]) return route(request, match[2]);
    return failure(
      'InvalidUrl',
      `URL string malformed close to position ${String(request.path.length)}`,
    );
  });
}
