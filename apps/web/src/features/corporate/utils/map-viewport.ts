import type { LatLng } from '@auxilio/domain';

/** Room for the points on a phone-wide map of 220 px: width and height kept free of the pins. */
const FIT_WIDTH_PX = 290;
const FIT_HEIGHT_PX = 140;
/** Pins stand above their point: the view is moved up by half a pin. */
const PIN_HALF_HEIGHT_PX = 18;

/** The map (Leaflet, decision 700) draws the world 256 * 2^z px wide at zoom z. */
const pxPerDegree = (zoom: number) => (256 * 2 ** zoom) / 360;
/** Closest view: a town's centres, not one street (MapLibre's 13 of earlier releases). */
const MAX_ZOOM = 14;

/** Map view that shows every point (and its pin) on the centres map. */
export function viewportFor(points: readonly LatLng[]): { center: LatLng; zoom: number } | null {
  const first = points[0];
  if (!first) return null;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const [minLat, maxLat] = [Math.min(...lats), Math.max(...lats)];
  const [minLng, maxLng] = [Math.min(...lngs), Math.max(...lngs)];
  const midLat = (minLat + maxLat) / 2;
  // Mercator stretches latitude by 1 / cos(lat); fine for the small areas of a country's centres.
  const stretch = 1 / Math.cos((midLat * Math.PI) / 180);
  const fits = [
    maxLng - minLng > 0 ? Math.log2(FIT_WIDTH_PX / pxPerDegree(0) / (maxLng - minLng)) : MAX_ZOOM,
    maxLat - minLat > 0
      ? Math.log2(FIT_HEIGHT_PX / pxPerDegree(0) / ((maxLat - minLat) * stretch))
      : MAX_ZOOM,
  ];
  const zoom = Math.min(MAX_ZOOM, Math.max(3, Math.floor(Math.min(...fits))));
  const lift = PIN_HALF_HEIGHT_PX / (pxPerDegree(zoom) * stretch);
  return { center: { lat: midLat + lift, lng: (minLng + maxLng) / 2 }, zoom };
}
