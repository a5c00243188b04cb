import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapViewProps } from './map-view-props.ts';

// MapLibre (~300 KB gzipped) is fetched only when a screen renders a map (ARCHITECTURE "Map code is
// lazy-loaded"; the /services budget is 100 KiB): this module imports it dynamically only.

const MapView = lazy(() => import('./map-view.tsx'));

function MapFallback({ height = '100%', ariaLabel }: Pick<MapViewProps, 'height' | 'ariaLabel'>) {
  const { t } = useTranslation('common');
  return (
    <div
      style={{
        display: 'grid',
        placeItems: 'center',
        height,
        minHeight: 160,
        background: '#e6eef3',
        color: '#374151',
      }}
      role="status"
      aria-label={ariaLabel ?? t('map.label')}
    >
      {t('map.loading')}
    </div>
  );
}

/** The map, loaded on first render; a "loading map" box meanwhile. */
export function LazyMapView(props: MapViewProps) {
  return (
    <Suspense fallback={<MapFallback height={props.height} ariaLabel={props.ariaLabel} />}>
      <MapView {...props} />
    </Suspense>
  );
}
