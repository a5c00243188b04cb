import { useEffect } from 'react';
import type { RuntimeConfig } from '@auxilio/domain';
import { showDemoBasemap } from '../leaflet/demo-basemap.ts';
import * as L from '../leaflet/leaflet.ts';
import { rasterTiles } from '../leaflet/raster-tiles.ts';

/** The base map of the runtime config: the embedded demo basemap or the provider's raster tiles. */
export function useBaseLayer(map: L.Map | null, config: RuntimeConfig['map']): void {
  const source = config.provider === 'embedded' ? config.basemapUrl : config.tilesUrl;
  const { provider, maxZoom } = config;
  useEffect(() => {
    if (!map) return;
    if (provider === 'embedded') return showDemoBasemap(map, source);
    const tiles = rasterTiles(source, maxZoom).addTo(map);
    tiles.once('load', () => {
      map.getContainer().dataset.basemap = 'drawn';
    });
    return () => {
      tiles.remove();
    };
  }, [map, provider, source, maxZoom]);
}
