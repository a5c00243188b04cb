import { BRANCHES, type Branch } from '@auxilio/domain';
import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';

export type { LatLng } from '@auxilio/domain';

/** The five countries of the demo atlas: the branches (ISO 3166-1 alpha-2, decision 112). */
export const ATLAS_COUNTRIES: readonly Branch[] = BRANCHES;
export type AtlasCountry = Branch;

export interface CountryProperties {
  /** ISO 3166-1 alpha-2 for the five atlas countries, ISO numeric (`n<code>`) for context land. */
  code: string;
  name: string;
  /** true for the five atlas countries; neighbours are drawn as context only. */
  focus: boolean;
}

export interface MunicipioProperties {
  /** FIPS county code of the Census Bureau, e.g. '72127' for San Juan. */
  fips: string;
  name: string;
}

export interface PlaceProperties {
  /** Stable id: 'geo:<GeoNames id>'. */
  placeId: string;
  name: string;
  /** Other spellings the gazetteer also matches (hand-kept, e.g. 'Ciudad de México'). */
  aliases: string[];
  /** Municipio (PR) or first-order division (province, department, state). '' when unknown. */
  admin: string;
  country: AtlasCountry;
  population: number;
}

export type CountryFeature = Feature<Polygon | MultiPolygon, CountryProperties>;
export type MunicipioFeature = Feature<Polygon | MultiPolygon, MunicipioProperties>;
export type PlaceFeature = Feature<Point, PlaceProperties>;

export interface Atlas {
  countries: FeatureCollection<Polygon | MultiPolygon, CountryProperties>;
  municipios: FeatureCollection<Polygon | MultiPolygon, MunicipioProperties>;
  places: FeatureCollection<Point, PlaceProperties>;
}
