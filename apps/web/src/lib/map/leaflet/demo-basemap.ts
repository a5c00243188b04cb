import type { Feature, FeatureCollection } from 'geojson';
import { BasemapManifestSchema, type BasemapManifest, type PlaceLabel } from '@auxilio/domain';
import * as L from './leaflet.ts';
import { yieldToMain } from '../../yield-to-main.ts';
import { showPlaceLabels } from './place-labels-layer.ts';

// The embedded demo basemap (ARCHITECTURE decision 7, decision 700): the API's manifest names the
// GeoJSON files and colours; land and borders are drawn on one canvas (a canvas is never a page's
// largest contentful paint, and draws thousands of vertices cheaply), names as small text.

export const BASEMAP_PANE = 'auxilio-basemap';
const BASEMAP_PANE_Z = '200';

async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(new URL(url, window.location.href), { signal });
  if (!response.ok) throw new Error(`${url}: ${String(response.status)}`);
  return response.json();
}

function isFeatureCollection(value: unknown): value is FeatureCollection {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'FeatureCollection' &&
    Array.isArray((value as { features?: unknown }).features)
  );
}

function asCollection(value: unknown, name: string): FeatureCollection {
  if (!isFeatureCollection(value)) throw new Error(`${name} is not a GeoJSON FeatureCollection`);
  return value;
}

function asPlaces(value: unknown): PlaceLabel[] {
  const places = (value as { places?: unknown } | null)?.places;
  if (!Array.isArray(places)) throw new Error('The labels file has no places');
  return places as PlaceLabel[];
}

type BasemapStyle = BasemapManifest['style'];

function drawLand(
  map: L.Map,
  renderer: L.Renderer,
  style: BasemapStyle,
  countries: FeatureCollection,
): () => void {
  // Leaflet hands a GeoJSON layer's options to the paths it makes: `renderer` among them.
  const land = L.geoJSON(countries, {
    renderer,
    interactive: false,
    style: (feature?: Feature) => ({
      fill: true,
      fillColor: (feature?.properties as { focus?: boolean } | null)?.focus
        ? style.focusLand
        : style.land,
      fillOpacity: 1,
      color: style.coast.color,
      weight: style.coast.width,
    }),
  } as L.GeoJSONOptions & L.PathOptions);
  land.addTo(map);
  return () => {
    land.remove();
  };
}

function drawMunicipios(
  map: L.Map,
  renderer: L.Renderer,
  style: BasemapStyle,
  municipios: FeatureCollection,
): () => void {
  const borders = L.geoJSON(municipios, {
    renderer,
    interactive: false,
    style: {
      fill: false,
      color: style.municipios.color,
      weight: style.municipios.width,
      dashArray: style.municipios.dash.join(' '),
    },
  } as L.GeoJSONOptions & L.PathOptions);
  const showBorders = () => {
    if (map.getZoom() >= style.municipios.minZoom) borders.addTo(map);
    else borders.remove();
  };
  map.on('zoomend', showBorders);
  showBorders();
  return () => {
    map.off('zoomend', showBorders);
    borders.remove();
  };
}

/** Draws the demo basemap of `manifestUrl` on `map` until the returned function is called. */
export function showDemoBasemap(map: L.Map, manifestUrl: string): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const pane = map.getPane(BASEMAP_PANE) ?? map.createPane(BASEMAP_PANE);
  pane.style.zIndex = BASEMAP_PANE_Z;
  const cleanups: (() => void)[] = [];

  const load = async () => {
    const manifest = BasemapManifestSchema.parse(await getJson(manifestUrl, signal));
    map.getContainer().style.background = manifest.style.sea;
    const [countries, municipios, labels] = await Promise.all([
      getJson(manifest.files.countries, signal),
      getJson(manifest.files.municipios, signal),
      getJson(manifest.files.labels, signal),
    ]);
    // Land, borders and labels are drawn in tasks of their own: on a slow phone, drawing them in
    // one would hold the screen (and a tap on it) for a few tenths of a second.
    // Every file is checked before anything is drawn, so a bad one leaves nothing half drawn.
    const { style } = manifest;
    const land = asCollection(countries, 'countries');
    const borders = asCollection(municipios, 'municipios');
    const places = asPlaces(labels);
    const renderer = L.canvas({ pane: BASEMAP_PANE, padding: 0.5 });
    const steps = [
      () => drawLand(map, renderer, style, land),
      () => drawMunicipios(map, renderer, style, borders),
      () => showPlaceLabels(map, places, style.labels),
    ];
    for (const step of steps) {
      if (signal.aborted) return;
      cleanups.push(step());
      await yieldToMain();
    }
    if (signal.aborted) return;
    // For anyone waiting on a drawn map (the browser specs).
    map.getContainer().dataset.basemap = 'drawn';
  };
  // Offline or a failed file: the sea colour, the route and the markers still show, and the
  // basemap is asked for again when the connection returns (the map stays mounted through a drop).
  let loading = false;
  const retryOnline = () => {
    if (loading) return;
    loading = true;
    load().then(
      () => {
        window.removeEventListener('online', retryOnline);
      },
      () => {
        loading = false;
      },
    );
  };
  window.addEventListener('online', retryOnline);
  retryOnline();

  return () => {
    controller.abort();
    window.removeEventListener('online', retryOnline);
    for (const cleanup of cleanups) cleanup();
  };
}
