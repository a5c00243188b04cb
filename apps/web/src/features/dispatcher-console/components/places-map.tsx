import { useTranslation } from 'react-i18next';
import type { DispatcherServiceDetail, LatLng } from '@auxilio/domain';
import { LazyMapView, type MapMarker } from '../../../lib/map/index.ts';

type Place = DispatcherServiceDetail['situation'];

function pointOf(place: Place | null): LatLng | null {
  return place && place.lat !== null && place.lng !== null
    ? { lat: place.lat, lng: place.lng }
    : null;
}

/** The situation and the destination on a small still map; nothing when neither has a point. */
export function PlacesMap({
  situation,
  destination,
}: {
  situation: Place;
  destination: Place | null;
}) {
  const { t } = useTranslation('dispatcher');
  const from = pointOf(situation);
  const to = pointOf(destination);
  const markers: MapMarker[] = [];
  if (from) markers.push({ id: 'situation', kind: 'situation', position: from });
  if (to) markers.push({ id: 'destination', kind: 'destination', position: to });
  const center = from ?? to;
  if (!center) return null;
  return (
    <LazyMapView
      center={center}
      zoom={14}
      markers={markers}
      fitTo={markers.map((marker) => marker.position)}
      ariaLabel={t('detail.placesMap')}
      height="180px"
    />
  );
}
