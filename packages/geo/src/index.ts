// Browser-safe entry: types, country regions and the gazetteer. The atlas builder reads npm data
// files from disk and is Node only: import it from '@auxilio/geo/atlas'.
export * from './types.ts';
export { COUNTRY_REGIONS, type CountryRegion } from './regions.ts';
export { ATTRIBUTION } from './attribution.ts';
export {
  atlasBounds,
  DEMO_BASEMAP_STYLE,
  demoBasemapManifest,
  DEMO_MAP_MAX_ZOOM,
  placeLabels,
  type DemoBasemapFiles,
} from './basemap-style.ts';
export {
  createGazetteer,
  formatAddress,
  normalizeText,
  type Gazetteer,
  type GazetteerPlace,
  type GazetteerSources,
  type ReverseResult,
  type SearchOptions,
} from './gazetteer.ts';
