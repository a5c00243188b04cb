import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import MapGL, {
  AttributionControl,
  Layer,
  Marker,
  NavigationControl,
  Source,
  type MapRef,
  type ViewStateChangeEvent,
} from 'react-map-gl/maplibre';
import { setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { MAP_ZOOM } from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useAnimatedPosition } from '../hooks/use-animated-position.ts';
import type { MapMarker, MapViewProps } from './map-view-props.ts';
import './map-view.css';

// The only module that imports MapLibre: loaded through LazyMapView (ARCHITECTURE "Map code is
// lazy-loaded"). The base map comes from the runtime config (decision 260).

const ROUTE_LAYER_APPROXIMATE = {
  'line-color': '#1f2937',
  'line-width': 3,
  'line-opacity': 0.8,
  'line-dasharray': [2, 2],
};
// MapLibre derives its worker's URL from its own module URL at run time, which bundlers can neither
// see nor emit: the worker file is shipped as an asset and named here.
setWorkerUrl(workerUrl);

/** The demo style's URLs are root-relative: resolved against the page (MapLibre's worker cannot). */
function absoluteUrl(url: string) {
  return { url: new URL(url, window.location.href).href };
}

const ROUTE_LAYER_ROAD = { 'line-color': '#2563eb', 'line-width': 4, 'line-opacity': 0.9 };

function MarkerPin({ marker }: { marker: MapMarker }) {
  const { t } = useTranslation('common');
  const position = useAnimatedPosition(marker.position, marker.kind === 'driver' ? undefined : 0);
  const label = marker.label ?? t(`map.markers.${marker.kind}`);
  return (
    <Marker
      longitude={position.lng}
      latitude={position.lat}
      anchor={marker.kind === 'driver' ? 'center' : 'bottom'}
      draggable={marker.draggable ?? false}
      onDragEnd={(event) => {
        marker.onDragEnd?.({ lat: event.lngLat.lat, lng: event.lngLat.lng });
      }}
    >
      <div className={`map-marker map-marker--${marker.kind}`} role="img" aria-label={label}>
        {marker.kind === 'driver' ? (
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <circle cx="16" cy="16" r="14" className="map-marker__disc" />
            <path
              d="M16 6 L23 22 L16 18 L9 22 Z"
              className="map-marker__arrow"
              transform={`rotate(${marker.heading ?? 0} 16 16)`}
            />
          </svg>
        ) : (
          <svg viewBox="0 0 24 32" width="28" height="36" aria-hidden="true">
            <path
              d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z"
              className="map-marker__pin"
            />
            <circle cx="12" cy="12" r="4.5" className="map-marker__dot" />
          </svg>
        )}
      </div>
    </Marker>
  );
}

export default function MapView({
  center,
  zoom,
  maxZoom,
  markers = [],
  route = null,
  onMoveEnd,
  pinMode = false,
  interactive = true,
  ariaLabel,
  className,
  height = '100%',
}: MapViewProps) {
  const { t } = useTranslation('common');
  const { map } = useRuntimeConfig();
  const cap = Math.min(maxZoom ?? MAP_ZOOM.max, map.maxZoom);
  const mapRef = useRef<MapRef>(null);
  const demo = map.provider === 'embedded';

  // A new centre or zoom from the screen moves the map (not the user's own panning).
  useEffect(() => {
    const instance = mapRef.current;
    if (!instance) return;
    instance.easeTo({ center: [center.lng, center.lat], zoom: Math.min(zoom, cap), duration: 600 });
  }, [center.lat, center.lng, zoom, cap]);

  const routeData = useMemo(
    () =>
      route && route.path.length >= 2
        ? {
            type: 'Feature' as const,
            properties: {},
            geometry: {
              type: 'LineString' as const,
              coordinates: route.path.map((p) => [p.lng, p.lat]),
            },
          }
        : null,
    [route],
  );

  const handleMoveEnd = (event: ViewStateChangeEvent) => {
    if (!onMoveEnd) return;
    onMoveEnd(
      { lat: event.viewState.latitude, lng: event.viewState.longitude },
      event.viewState.zoom,
    );
  };

  return (
    <div
      className={`map-view${className ? ` ${className}` : ''}`}
      style={{ height }}
      role="region"
      aria-label={ariaLabel ?? t('map.label')}
    >
      <MapGL
        ref={mapRef}
        initialViewState={{
          longitude: center.lng,
          latitude: center.lat,
          zoom: Math.min(zoom, cap),
        }}
        maxZoom={cap}
        mapStyle={new URL(map.styleUrl, window.location.href).href}
        transformRequest={absoluteUrl}
        interactive={interactive}
        dragRotate={false}
        touchPitch={false}
        attributionControl={false}
        onMoveEnd={handleMoveEnd}
        onLoad={collapseAttribution}
        style={{ width: '100%', height: '100%' }}
      >
        <AttributionControl compact position="bottom-right" />
        {interactive && <NavigationControl showCompass={false} position="top-right" />}
        {routeData && (
          <Source id="auxilio-route" type="geojson" data={routeData}>
            <Layer
              id="auxilio-route-line"
              type="line"
              layout={{ 'line-cap': 'round', 'line-join': 'round' }}
              paint={route?.approximate ? ROUTE_LAYER_APPROXIMATE : ROUTE_LAYER_ROAD}
            />
          </Source>
        )}
        {markers.map((marker) => (
          <MarkerPin key={marker.id} marker={marker} />
        ))}
      </MapGL>
      {pinMode && (
        <div className="map-view__pin" aria-hidden="true">
          <svg viewBox="0 0 24 32" width="36" height="48">
            <path
              d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z"
              className="map-marker__pin"
            />
            <circle cx="12" cy="12" r="4.5" className="map-marker__dot" />
          </svg>
        </div>
      )}
      <div className="map-view__badges">
        {demo && <span className="map-view__badge">{t('map.demo')}</span>}
        {route?.approximate && <span className="map-view__badge">{t('map.approximateRoute')}</span>}
      </div>
    </div>
  );
}

/**
 * MapLibre opens the compact attribution at first, covering a third of a phone-sized map: start it
 * folded (the (i) button unfolds it), the demo-map label stays visible.
 */
function collapseAttribution(event: { target: { getContainer(): HTMLElement } }): void {
  event.target
    .getContainer()
    .querySelector('.maplibregl-ctrl-attrib')
    ?.classList.remove('maplibregl-compact-show');
}
