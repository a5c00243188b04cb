import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAP_ZOOM,
  pointFromPosition,
  withLocationPoint,
  type ChosenPointKind,
  type LatLng,
} from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useAddressAt, useReverseGeocode } from '../hooks/map-services.ts';
import { LocationMap } from './location-map.tsx';

export interface PointOnMapProps {
  kind: ChosenPointKind;
  /** Where the map opens: the point chosen before, or the branch's centre. */
  start: LatLng;
  /** Back to /location (after OK or Back). */
  onDone: () => void;
}

/**
 * SPEC 2 "Point-on-map screen: choose location or destination; move the map and zoom to adjust; OK
 * goes to location". A fixed pin marks the map's centre at zoom 19 (SPEC 9); the address under it
 * shows as the map settles (reverse geocoding through the API); OK stores that point with it.
 */
export function PointOnMap({ kind, start, onDone }: PointOnMapProps) {
  const { t } = useTranslation('location');
  const updateSession = useSessionStore((state) => state.updateSession);
  const reverseGeocode = useReverseGeocode();
  const [center, setCenter] = useState<LatLng>(start);
  const [saving, setSaving] = useState(false);
  const under = useAddressAt(center);

  return (
    <main className="point-on-map">
      <LocationMap
        center={start}
        zoom={MAP_ZOOM.pointOnMap}
        markers={[]}
        pinMode
        onMoveEnd={setCenter}
      />
      <section className="bottom-sheet bottom-sheet--compact" aria-labelledby="point-title">
        <h1 id="point-title" className="bottom-sheet__title">
          {t(kind === 'situation' ? 'pointOnMap.situationTitle' : 'pointOnMap.destinationTitle')}
        </h1>
        <p className="point-on-map__address" role="status" aria-live="polite">
          {under.data?.address ??
            (under.isFetching ? t('pointOnMap.finding') : t('pointOnMap.noAddress'))}
        </p>
        <p className="bottom-sheet__hint">{t('pointOnMap.hint')}</p>
        <div className="bottom-sheet__row">
          <Button variant="secondary" onClick={onDone}>
            {t('pointOnMap.cancel')}
          </Button>
          <Button
            disabled={saving}
            onClick={() => {
              setSaving(true);
              void reverseGeocode(center).then((address) => {
                updateSession((current) =>
                  withLocationPoint(current, kind, pointFromPosition(center, address)),
                );
                onDone();
              });
            }}
          >
            {t('pointOnMap.ok')}
          </Button>
        </div>
      </section>
    </main>
  );
}
