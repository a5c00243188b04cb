import { ATTRIBUTION } from './attribution.ts';
import { COUNTRY_REGIONS } from './regions.ts';
import { ATLAS_COUNTRIES } from './types.ts';

/**
 * Highest zoom of the demo map (decision 260): the outlines are 1:10m to 1:50m data (a few hundred
 * metres of error) and there are no streets, so zooming further would only show crude lines. SPEC 9
 * "max 18" applies to production styles (MAP_STYLE_URL).
 */
export const DEMO_MAP_MAX_ZOOM = 14;

/** Font name used by the label layer; the style's `font-faces` points it at a shipped font file. */
export const DEMO_MAP_FONT = 'Inter';

export interface DemoStyleUrls {
  /** URL of each GeoJSON layer file (versioned so it can be cached for good). */
  countries: string;
  municipios: string;
  places: string;
  /** A Latin font file (woff2) MapLibre draws the labels with: no glyph PBFs are needed. */
  font: string;
}

/** [west, south, east, north] around the five atlas countries. */
export function atlasBounds(): [number, number, number, number] {
  const boxes = ATLAS_COUNTRIES.map((c) => COUNTRY_REGIONS[c].bbox);
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/**
 * The MapLibre style (version 8) of the demo basemap: sea, land, PR municipios and place names.
 * Labels are drawn by MapLibre from the `font-faces` file, so nothing is fetched from outside.
 */
export function demoMapStyle(urls: DemoStyleUrls) {
  const geojson = (data: string) => ({
    type: 'geojson' as const,
    data,
    maxzoom: DEMO_MAP_MAX_ZOOM,
    attribution: ATTRIBUTION,
  });
  return {
    version: 8 as const,
    name: 'Auxilio demo map',
    metadata: { 'auxilio:demo': true, 'auxilio:maxZoom': DEMO_MAP_MAX_ZOOM },
    'font-faces': { [DEMO_MAP_FONT]: urls.font },
    sources: {
      countries: geojson(urls.countries),
      municipios: geojson(urls.municipios),
      places: geojson(urls.places),
    },
    layers: [
      { id: 'sea', type: 'background' as const, paint: { 'background-color': '#cfe3ef' } },
      {
        id: 'land',
        type: 'fill' as const,
        source: 'countries',
        paint: {
          'fill-color': ['case', ['get', 'focus'], '#f4f1ea', '#e6e2d8'],
        },
      },
      {
        id: 'municipios',
        type: 'line' as const,
        source: 'municipios',
        minzoom: 7,
        paint: { 'line-color': '#b9b2a3', 'line-width': 0.8, 'line-dasharray': [3, 2] },
      },
      {
        id: 'coast',
        type: 'line' as const,
        source: 'countries',
        paint: { 'line-color': '#8fa9b8', 'line-width': 1 },
      },
      {
        id: 'places',
        type: 'symbol' as const,
        source: 'places',
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [DEMO_MAP_FONT],
          'text-size': ['interpolate', ['linear'], ['get', 'population'], 1000, 11, 500000, 15],
          // Largest places win label collisions.
          'symbol-sort-key': ['-', 0, ['get', 'population']],
          'text-max-width': 8,
        },
        paint: { 'text-color': '#3d3a35', 'text-halo-color': '#ffffff', 'text-halo-width': 1.4 },
      },
    ],
  };
}
export type DemoMapStyle = ReturnType<typeof demoMapStyle>;
