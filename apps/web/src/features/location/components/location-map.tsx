import { useTranslation } from 'react-i18next';
import { LOCATION_MAP_ESTIMATE_MIN, type LatLng } from '@auxilio/domain';

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
}

/**
 * The map area of the location screens. Until the lazily loaded map view is wired, a calm
 * placeholder keeps the layout (and the estimate badge) so the bottom sheet sits where it will.
 */
export function LocationMap({ pinMode = false, showEstimate = false }: LocationMapProps) {
  const { t } = useTranslation('location');
  return (
    <div className="location-map" role="img" aria-label={t('location.mapLabel')}>
      <span className="location-map__pending">{t('location.mapPending')}</span>
      {pinMode ? <span className="location-map__pin" aria-hidden="true" /> : null}
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
