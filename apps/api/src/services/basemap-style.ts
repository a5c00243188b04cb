import { demoBasemapManifest, DEMO_MAP_MAX_ZOOM, ATTRIBUTION } from '@auxilio/geo';
import { MAP_ZOOM, type BasemapManifest, type RuntimeConfig } from '@auxilio/domain';
import type { Config } from '../config/env.ts';
import type { BasemapAtlas } from './basemap-atlas.ts';

/** Where the public basemap is served (routes/map). */
export const BASEMAP_PREFIX = '/map';

/** The manifest's address, handed to the PWA in the runtime config. */
export const BASEMAP_MANIFEST_PATH = `${BASEMAP_PREFIX}/basemap.json`;

/**
 * The demo basemap's manifest (decision 700): the data files under their version, the colours and
 * the zoom cap. Its URLs are root-relative, so it works behind any host, port or proxy.
 */
export function basemapManifest({ version }: BasemapAtlas): BasemapManifest {
  const data = (name: string) => `${BASEMAP_PREFIX}/data/${version}/${name}`;
  return demoBasemapManifest(version, {
    countries: data('countries.geojson'),
    municipios: data('municipios.geojson'),
    labels: data('place-labels.json'),
  });
}

/**
 * The runtime config's map part: MAP_TILES_URL's raster tiles (production, SPEC 9 "max 18") or the
 * demo basemap, capped lower because it has no streets (decisions 260 and 700).
 */
export function mapRuntimeConfig(config: Pick<Config, 'mapTiles'>): RuntimeConfig['map'] {
  return config.mapTiles
    ? {
        provider: 'tiles',
        tilesUrl: config.mapTiles.url,
        attribution: config.mapTiles.attribution,
        maxZoom: MAP_ZOOM.max,
      }
    : {
        provider: 'embedded',
        basemapUrl: BASEMAP_MANIFEST_PATH,
        attribution: ATTRIBUTION,
        maxZoom: DEMO_MAP_MAX_ZOOM,
      };
}
