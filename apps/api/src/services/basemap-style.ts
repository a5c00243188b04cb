import { demoMapStyle, DEMO_MAP_MAX_ZOOM, type DemoMapStyle } from '@auxilio/geo';
import { MAP_ZOOM } from '@auxilio/domain';
import type { Config } from '../config/env.ts';
import type { BasemapAtlas } from './basemap-atlas.ts';

/** Where the public basemap is served (routes/map). */
export const BASEMAP_PREFIX = '/map';

/**
 * The demo style. Its URLs are root-relative, so the style works behind any host, port or proxy:
 * the PWA's map resolves them against the page (MapView's transformRequest; decision 260).
 */
export function basemapStyle({ version }: BasemapAtlas): DemoMapStyle {
  const data = (name: string) => `${BASEMAP_PREFIX}/data/${version}/${name}`;
  return demoMapStyle({
    countries: data('countries.geojson'),
    municipios: data('municipios.geojson'),
    places: data('places.geojson'),
    font: data('inter-latin.woff2'),
  });
}

/**
 * The runtime config's map part: MAP_STYLE_URL (production adapter, SPEC 9 "max 18") or the demo
 * style, capped lower because it has no streets (decision 260).
 */
export function mapRuntimeConfig(config: Pick<Config, 'mapStyleUrl'>) {
  return config.mapStyleUrl
    ? { provider: 'style-url' as const, styleUrl: config.mapStyleUrl, maxZoom: MAP_ZOOM.max }
    : {
        provider: 'embedded' as const,
        styleUrl: `${BASEMAP_PREFIX}/style.json`,
        maxZoom: DEMO_MAP_MAX_ZOOM,
      };
}
