import { useTranslation } from 'react-i18next';
import { LOCATION_MAP_ESTIMATE_MIN, type LatLng } from '@auxilio/domain';
import { LazyMapView, type MapMarker } from '../../../lib/map/index.ts';

export interface LocationMapProps {
  center: LatLng;
  zoom: number;
  /** Chosen points drawn as markers. */
  markers: readonly (LatLng & { kind: 'situation' | 'destination' })[];
  /** Point-on-map: a fixed pin in the centre; the map reports its centre after each move. */
  pinMode?: boolean;
  onMoveEnd?: (center: LatLng) => void;
  /** SPEC 2 "the location map shows 35 min". */
  showEstimate?: boolean;
  /** false: a still picture (the summary's map). */
  interactive?: boolean;
}

/** The map area of the location screens: the lazily loaded map view and the estimate badge. */
export function LocationMap({
  center,
  zoom,
  markers,
  pinMode = false,
  onMoveEnd,
  showEstimate = false,
  interactive = true,
}: LocationMapProps) {
  const { t } = useTranslation('location');
  const mapMarkers: MapMarker[] = markers.map((marker) => ({
    id: marker.kind,
    kind: marker.kind,
    position: { lat: marker.lat, lng: marker.lng },
  }));
  return (
    <div className="location-map">
      <LazyMapView
        center={center}
        zoom={zoom}
        markers={mapMarkers}
        pinMode={pinMode}
        interactive={interactive}
        onMoveEnd={
          onMoveEnd
            ? (next) => {
                onMoveEnd(next);
              }
            : undefined
        }
        ariaLabel={t('location.mapLabel')}
      />
      {showEstimate ? (
        <span
          className="location-map__estimate"
          aria-label={t('location.estimateLabel', { minutes: LOCATION_MAP_ESTIMATE_MIN })}
        >
          {t('location.estimate', { minutes: LOCATION_MAP_ESTIMATE_MIN })}
        </span>
      ) : null}
    </div>
  );
}
