// Browser-safe: works on the atlas FeatureCollections, whether built in process or fetched as files.
import bbox from '@turf/bbox';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import distance from '@turf/distance';
import { COUNTRY_REGIONS } from './regions.ts';
import {
  ATLAS_COUNTRIES,
  type Atlas,
  type AtlasCountry,
  type LatLng,
  type MunicipioFeature,
  type PlaceFeature,
} from './types.ts';

export interface GazetteerPlace {
  /** Stable id, 'geo:<GeoNames id>'. */
  placeId: string;
  name: string;
  /** Municipio (PR) or province / department / state; '' when unknown. */
  admin: string;
  country: AtlasCountry;
  lat: number;
  lng: number;
  population: number;
  /** "name, admin, country" without repeated parts, for a result list or an address field. */
  label: string;
}

export interface SearchOptions {
  /** Countries to search in; all five atlas countries when omitted, nothing when empty. */
  countries?: readonly AtlasCountry[];
  /** Most results returned (default 10). */
  limit?: number;
}

export interface ReverseResult {
  /** The nearest place of the gazetteer. */
  place: GazetteerPlace;
  distanceKm: number;
  country: AtlasCountry;
  /** Puerto Rico municipio at the point: `inside` false when the point fell outside every (simplified)
   * municipio outline, e.g. on the coast, and the nearest place's municipio was used instead. */
  municipio: { fips: string; name: string; inside: boolean } | null;
  /** Human-readable address, e.g. 'San Juan, Puerto Rico'. */
  address: string;
}

export interface Gazetteer {
  search(query: string, options?: SearchOptions): GazetteerPlace[];
  reverse(point: LatLng): ReverseResult | null;
}

export interface GazetteerSources {
  municipios?: Atlas['municipios'];
  countries?: Atlas['countries'];
}

/** Match quality, best first. */
const EXACT = 0;
const NAME_PREFIX = 1;
const WORD_PREFIX = 2;
const WITH_ADMIN = 3;

/** Lower case, accents removed, punctuation as spaces: 'Bogotá, D.C.' -> 'bogota d c'. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function words(text: string): string[] {
  return text.split(' ').filter(Boolean);
}

/** True when every token is a prefix of a different word, in any order. */
function tokensPrefixWords(tokens: string[], candidates: string[]): boolean {
  const unused = [...candidates];
  for (const token of tokens) {
    const at = unused.findIndex((word) => word.startsWith(token));
    if (at < 0) return false;
    unused.splice(at, 1);
  }
  return true;
}

/** Joins address parts, dropping empty and repeated ones ('Panamá, Panamá, Panamá' -> 'Panamá'). */
export function formatAddress(parts: readonly string[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    const key = normalizeText(part);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    kept.push(part);
  }
  return kept.join(', ');
}

interface Entry {
  place: GazetteerPlace;
  /** Normalized name and aliases. */
  names: string[];
  nameWords: string[][];
  /** Words of admin, country name and code, for queries like 'san jose costa rica'. */
  contextWords: string[];
}

function toPlace(feature: PlaceFeature): GazetteerPlace {
  const { placeId, name, admin, country, population } = feature.properties;
  const [lng = 0, lat = 0] = feature.geometry.coordinates;
  return {
    placeId,
    name,
    admin,
    country,
    lat,
    lng,
    population,
    label: formatAddress([name, admin, COUNTRY_REGIONS[country].name]),
  };
}

function matchQuality(entry: Entry, query: string, tokens: string[]): number | null {
  if (entry.names.includes(query)) return EXACT;
  if (entry.names.some((name) => name.startsWith(query))) return NAME_PREFIX;
  if (entry.nameWords.some((nameWords) => tokensPrefixWords(tokens, nameWords))) {
    return WORD_PREFIX;
  }
  if (
    entry.nameWords.some((nameWords) =>
      tokensPrefixWords(tokens, [...nameWords, ...entry.contextWords]),
    ) &&
    // At least one token must hit the name itself: 'san juan' should not list every town of San Juan.
    entry.nameWords.some((nameWords) => tokens.some((t) => nameWords.some((w) => w.startsWith(t))))
  ) {
    return WITH_ADMIN;
  }
  return null;
}

/** Rough radius of a settlement: 1 km for a village, about 4 km for 500 000 people, 12 km for 12 M. */
function placeRadiusKm(population: number): number {
  return Math.max(1, 0.05 * Math.cbrt(population));
}

interface Outline {
  feature: MunicipioFeature;
  box: number[];
}

function containing<
  T extends { box: number[]; feature: Parameters<typeof booleanPointInPolygon>[1] },
>(outlines: T[], point: [number, number]): T | undefined {
  const [x, y] = point;
  return outlines.find(
    ({ box, feature }) =>
      x >= (box[0] ?? 0) &&
      y >= (box[1] ?? 0) &&
      x <= (box[2] ?? 0) &&
      y <= (box[3] ?? 0) &&
      booleanPointInPolygon(point, feature),
  );
}

/**
 * Offline address search and reverse geocoding over the bundled atlas (ARCHITECTURE 7 embedded
 * default): accent- and case-insensitive name / word-prefix search, nearest place, and the
 * Puerto Rico municipio by point-in-polygon.
 */
export function createGazetteer(
  places: Atlas['places'],
  sources: GazetteerSources = {},
): Gazetteer {
  const entries: Entry[] = places.features.map((feature) => {
    const place = toPlace(feature);
    const names = [feature.properties.name, ...feature.properties.aliases].map(normalizeText);
    return {
      place,
      names,
      nameWords: names.map(words),
      contextWords: words(
        normalizeText(`${place.admin} ${COUNTRY_REGIONS[place.country].name} ${place.country}`),
      ),
    };
  });
  const municipios: Outline[] = (sources.municipios?.features ?? []).map((feature) => ({
    feature,
    box: bbox(feature),
  }));
  const municipioByName = new Map(municipios.map((m) => [m.feature.properties.name, m.feature]));
  const countryOutlines = (sources.countries?.features ?? [])
    .filter((f) => f.properties.focus)
    .map((feature) => ({ feature, box: bbox(feature) }));

  function search(query: string, options: SearchOptions = {}): GazetteerPlace[] {
    const normalized = normalizeText(query);
    if (!normalized) return [];
    const tokens = words(normalized);
    const allowed = new Set<AtlasCountry>(options.countries ?? ATLAS_COUNTRIES);
    const limit = options.limit ?? 10;
    const hits: { entry: Entry; quality: number }[] = [];
    for (const entry of entries) {
      if (!allowed.has(entry.place.country)) continue;
      const quality = matchQuality(entry, normalized, tokens);
      if (quality !== null) hits.push({ entry, quality });
    }
    hits.sort(
      (a, b) =>
        a.quality - b.quality ||
        b.entry.place.population - a.entry.place.population ||
        a.entry.place.placeId.localeCompare(b.entry.place.placeId),
    );
    return hits.slice(0, limit).map((hit) => hit.entry.place);
  }

  function reverse(point: LatLng): ReverseResult | null {
    const position: [number, number] = [point.lng, point.lat];
    let nearest: { place: GazetteerPlace; km: number; score: number } | null = null;
    for (const { place } of entries) {
      const km = distance(position, [place.lng, place.lat], { units: 'kilometers' });
      // A city is one point in GeoNames: distance is measured in units of the place's rough radius
      // so a point 10 km from Bogotá's centre names Bogotá, not a village 9 km away (decision 213).
      const score = km / placeRadiusKm(place.population);
      if (!nearest || score < nearest.score) nearest = { place, km, score };
    }
    if (!nearest) return null;
    const country =
      (containing(countryOutlines, position)?.feature.properties.code as
        AtlasCountry | undefined) ?? nearest.place.country;
    let municipio: ReverseResult['municipio'] = null;
    if (country === 'PR') {
      const inside = containing(municipios, position)?.feature;
      const fallback =
        nearest.place.country === 'PR' ? municipioByName.get(nearest.place.admin) : undefined;
      const found = inside ?? fallback;
      if (found) {
        municipio = { fips: found.properties.fips, name: found.properties.name, inside: !!inside };
      }
    }
    const admin = municipio?.name ?? (nearest.place.country === country ? nearest.place.admin : '');
    // A nearest place from another municipio would name the wrong town: then the municipio alone.
    const placeName = municipio && municipio.name !== nearest.place.admin ? '' : nearest.place.name;
    return {
      place: nearest.place,
      distanceKm: nearest.km,
      country,
      municipio,
      address: formatAddress([placeName, admin, COUNTRY_REGIONS[country].name]),
    };
  }

  return { search, reverse };
}
