import type { BasemapManifest, PlaceLabel } from '@auxilio/domain';
import { ATTRIBUTION } from './attribution.ts';
import { COUNTRY_REGIONS } from './regions.ts';
import { ATLAS_COUNTRIES, type Atlas } from './types.ts';

/**
 * Highest zoom of the demo map (decisions 260 and 700): the outlines are 1:10m to 1:50m data (a few
 * hundred metres of error) and there are no streets, so zooming further would only show crude
 * lines. Leaflet zoom levels (256-pixel tiles): 15 is the ground scale MapLibre's 14 had. SPEC 9
 * "max 18" applies to a production tile provider (MAP_TILES_URL).
 */
export const DEMO_MAP_MAX_ZOOM = 15;

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
 * How the PWA draws the demo basemap: pale sea, the five countries lighter than their neighbours,
 * thin coasts, dashed PR municipio borders from zoom 8, and place names by population. At a zoom,
 * the smallest population labelled: capitals and metropolises on the overview, every town in close.
 */
export const DEMO_BASEMAP_STYLE: BasemapManifest['style'] = {
  sea: '#cfe3ef',
  focusLand: '#f4f1ea',
  land: '#e6e2d8',
  coast: { color: '#8fa9b8', width: 1 },
  municipios: { color: '#b9b2a3', width: 0.8, dash: [3, 2], minZoom: 8 },
  labels: {
    color: '#3d3a35',
    halo: '#ffffff',
    minSize: 11,
    maxSize: 15,
    minPopulation: [
      [0, 1_000_000],
      [5, 500_000],
      [6, 200_000],
      [7, 100_000],
      [8, 30_000],
      [9, 10_000],
      [10, 3_000],
      [11, 0],
    ],
  },
};

/** The data files of the manifest, each a root-relative URL (versioned, so cached for good). */
export type DemoBasemapFiles = BasemapManifest['files'];

/** The demo basemap's manifest (`GET /map/basemap.json`): its files, colours and zoom cap. */
export function demoBasemapManifest(version: string, files: DemoBasemapFiles): BasemapManifest {
  return {
    version,
    maxZoom: DEMO_MAP_MAX_ZOOM,
    attribution: ATTRIBUTION,
    files,
    style: DEMO_BASEMAP_STYLE,
  };
}

/** Degrees to 4 decimals: about 10 m, finer than a label needs. */
const round4 = (degrees: number) => Math.round(degrees * 1e4) / 1e4;

/**
 * The labels data file: name, position and population of every place, largest first, and nothing
 * else (the full places GeoJSON carries aliases and regions for the gazetteer: twice the bytes).
 */
export function placeLabels(places: Atlas['places']): { places: PlaceLabel[] } {
  return {
    places: places.features.map((feature) => {
      const [lng = 0, lat = 0] = feature.geometry.coordinates;
      return [round4(lng), round4(lat), feature.properties.name, feature.properties.population];
    }),
  };
}
