import { useEffect } from 'react';
import type { MapRoute } from '../components/map-view-props.ts';
import * as L from '../leaflet/leaflet.ts';

// The route from the driver to the customer (decision 262): a road route solid blue, the estimate
// router's straight line dark and dashed; both over a white casing, so they read on land and sea.
// Drawn as SVG paths (`.map-route`) above the basemap and below the markers.

const ROAD = { color: '#2563eb', weight: 4, opacity: 0.95 };
const APPROXIMATE = { color: '#1f2937', weight: 3, opacity: 0.9, dashArray: '8 6' };
const CASING = { color: '#ffffff', opacity: 0.9 };

export function useRouteLine(map: L.Map | null, route: MapRoute | null): void {
  useEffect(() => {
    if (!map || !route || route.path.length < 2) return;
    const path = route.path.map((point) => L.latLng(point.lat, point.lng));
    const line = route.approximate ? APPROXIMATE : ROAD;
    const kind = route.approximate ? 'approximate' : 'road';
    const casing = L.polyline(path, {
      ...CASING,
      weight: line.weight + 4,
      interactive: false,
      lineCap: 'round',
      lineJoin: 'round',
      className: 'map-route-casing',
    });
    const drawn = L.polyline(path, {
      ...line,
      interactive: false,
      lineCap: 'round',
      lineJoin: 'round',
      className: `map-route map-route--${kind}`,
    });
    casing.addTo(map);
    drawn.addTo(map);
    return () => {
      casing.remove();
      drawn.remove();
    };
  }, [map, route]);
}
