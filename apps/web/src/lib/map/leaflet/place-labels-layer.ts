import type { BasemapManifest, PlaceLabel } from '@auxilio/domain';
import {
  labelSize,
  minPopulationAt,
  pickLabels,
  type LabelCandidate,
  type ScreenBox,
} from '../utils/label-placement.ts';
import * as L from './leaflet.ts';

// The demo map's place names (decision 700): after every move, the places large enough for the zoom
// whose names fit without colliding with a larger place's, as small text elements in their own pane
// (above the land, below the route and markers). Hidden from screen readers: the map region has its
// own name, and fifty town names read aloud say nothing about the service.

export const LABEL_PANE = 'auxilio-labels';
const LABEL_PANE_Z = '380';
/** Line height of a label relative to its font size. */
const LINE_HEIGHT = 1.25;

/** Text width in pixels, with the app's font (Inter) where the browser can measure it. */
function textMeasurer(): (text: string, size: number) => number {
  const context = document.createElement('canvas').getContext('2d');
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  return (text, size) => {
    if (!context) return text.length * size * 0.55;
    context.font = `500 ${String(size)}px ${family}`;
    return context.measureText(text).width;
  };
}

/**
 * What the map view lays over the map (badges, credits, zoom buttons) and the markers where they
 * stand when the names are placed: no name goes under them.
 */
const OVERLAYS = '.map-view__badge, .map-credits, .leaflet-control, .map-marker';

/** The overlays' boxes in the map container's pixels. */
function overlayBoxes(map: L.Map): ScreenBox[] {
  const container = map.getContainer();
  const origin = container.getBoundingClientRect();
  const root = container.parentElement ?? container;
  return [...root.querySelectorAll(OVERLAYS)].map((element) => {
    const box = element.getBoundingClientRect();
    return {
      left: box.left - origin.left,
      top: box.top - origin.top,
      right: box.right - origin.left,
      bottom: box.bottom - origin.top,
    };
  });
}

function labelMarker(place: PlaceLabel, style: BasemapManifest['style']['labels']): L.Marker {
  const [lng, lat, name, population] = place;
  const text = document.createElement('span');
  text.className = 'map-label__text';
  text.textContent = name;
  text.style.fontSize = `${String(labelSize(population, style))}px`;
  return L.marker([lat, lng], {
    icon: L.divIcon({ className: 'map-label', html: text, iconSize: [0, 0] }),
    interactive: false,
    keyboard: false,
    pane: LABEL_PANE,
  });
}

/** Shows the names on `map` until the returned function is called. */
export function showPlaceLabels(
  map: L.Map,
  places: readonly PlaceLabel[],
  style: BasemapManifest['style']['labels'],
): () => void {
  const pane = map.getPane(LABEL_PANE) ?? map.createPane(LABEL_PANE);
  pane.style.zIndex = LABEL_PANE_Z;
  pane.setAttribute('aria-hidden', 'true');
  pane.style.setProperty('--map-label-color', style.color);
  pane.style.setProperty('--map-label-halo', style.halo);
  const measure = textMeasurer();
  const shown = new Map<number, L.Marker>();

  const update = () => {
    const minimum = minPopulationAt(map.getZoom(), style.minPopulation);
    const bounds = map.getBounds();
    const indexes: number[] = [];
    const candidates: LabelCandidate[] = [];
    places.forEach(([lng, lat, name, population], index) => {
      if (population < minimum || !bounds.contains([lat, lng])) return;
      const point = map.latLngToContainerPoint([lat, lng]);
      const size = labelSize(population, style);
      indexes.push(index);
      candidates.push({
        x: point.x,
        y: point.y,
        width: measure(name, size),
        height: size * LINE_HEIGHT,
      });
    });
    const view = map.getSize();
    const keep = new Set(
      pickLabels(candidates, { width: view.x, height: view.y }, overlayBoxes(map)).map(
        (i) => indexes[i] ?? -1,
      ),
    );
    for (const [index, marker] of shown) {
      if (keep.has(index)) continue;
      marker.remove();
      shown.delete(index);
    }
    for (const index of keep) {
      const place = places[index];
      if (!place || shown.has(index)) continue;
      shown.set(index, labelMarker(place, style).addTo(map));
    }
  };

  map.on('moveend resize', update);
  // A badge that appears later (the approximate route's) moves names out from under it.
  const overlays = new ResizeObserver(() => {
    update();
  });
  const badges = map.getContainer().parentElement?.querySelector('.map-view__badges');
  if (badges) overlays.observe(badges);
  update();
  return () => {
    overlays.disconnect();
    map.off('moveend resize', update);
    for (const marker of shown.values()) marker.remove();
    shown.clear();
  };
}
