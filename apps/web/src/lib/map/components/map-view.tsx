import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_ZOOM } from '@auxilio/domain';
import 'leaflet/dist/leaflet.css';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useBaseLayer } from '../hooks/use-base-layer.ts';
import { useLeafletMap } from '../hooks/use-leaflet-map.ts';
import { useMapView } from '../hooks/use-map-view.ts';
import { useRouteLine } from '../hooks/use-route-line.ts';
import { FeatureMarker } from './feature-marker.tsx';
import { MapCredits } from './map-credits.tsx';
import type { MapViewProps } from './map-view-props.ts';
import './map-view.css';

// The map (decision 700): Leaflet over the base map of the runtime config, loaded only through
// LazyMapView (ARCHITECTURE "Map code is lazy-loaded"). Nothing in it is a large text or image: the
// land is a canvas, names are small, the credits are folded, so a screen's own text stays its
// largest paint.

/** Leaflet's own credit, after the data's. */
const LEAFLET_CREDIT = 'Leaflet';

const NO_POINTS: never[] = [];

export default function MapView({
  center,
  zoom,
  maxZoom,
  markers = [],
  route = null,
  fitTo = NO_POINTS,
  onMoveEnd,
  pinMode = false,
  interactive = true,
  ariaLabel,
  className,
  height = '100%',
}: MapViewProps) {
  const { t } = useTranslation('common');
  const { map: base } = useRuntimeConfig();
  const cap = Math.min(maxZoom ?? MAP_ZOOM.max, base.maxZoom);
  const container = useRef<HTMLDivElement>(null);
  const map = useLeafletMap(container, {
    center,
    zoom,
    maxZoom: cap,
    interactive,
    zoomInTitle: t('map.zoomIn'),
    zoomOutTitle: t('map.zoomOut'),
  });
  useBaseLayer(map, base);
  useMapView(map, { center, zoom, maxZoom: cap, fitTo, onMoveEnd });
  useRouteLine(map, route);
  const pin = markers.find((marker) => marker.kind === 'situation')?.position ?? null;

  return (
    <div
      className={`map-view${className ? ` ${className}` : ''}`}
      style={{ height }}
      role="region"
      aria-label={ariaLabel ?? t('map.label')}
    >
      <div ref={container} className="map-view__canvas" />
      {map &&
        markers.map((marker) => (
          <FeatureMarker
            key={marker.id}
            map={map}
            marker={marker}
            besidePin={marker.kind === 'driver' ? pin : null}
            interactive={interactive}
          />
        ))}
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
        {base.provider === 'embedded' && <span className="map-view__badge">{t('map.demo')}</span>}
        {route?.approximate && <span className="map-view__badge">{t('map.approximateRoute')}</span>}
      </div>
      <MapCredits text={`${base.attribution} · ${LEAFLET_CREDIT}`} />
    </div>
  );
}
