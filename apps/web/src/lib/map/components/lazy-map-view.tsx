import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapViewProps } from './map-view-props.ts';

// The map (Leaflet and the map view, about 50 KB gzipped; decision 700) is fetched only when a
// screen renders one (ARCHITECTURE "Map code is lazy-loaded"): this module imports it dynamically
// only.

const MapView = lazy(() => import('./map-view.tsx'));

/** Hidden from sight, read by screen readers. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The map's place while its code loads: the sea colour, and no visible text. */
function MapFallback({ height = '100%', ariaLabel }: Pick<MapViewProps, 'height' | 'ariaLabel'>) {
  const { t } = useTranslation('common');
  return (
    <div
      style={{ position: 'relative', height, minHeight: 160, background: '#cfe3ef' }}
      role="status"
      aria-label={ariaLabel ?? t('map.label')}
      aria-busy="true"
    >
      <span style={VISUALLY_HIDDEN}>{t('map.loading')}</span>
    </div>
  );
}

/** The map, loaded on first render; a sea-coloured box meanwhile. */
export function LazyMapView(props: MapViewProps) {
  return (
    <Suspense fallback={<MapFallback height={props.height} ariaLabel={props.ariaLabel} />}>
      <MapView {...props} />
    </Suspense>
  );
}
