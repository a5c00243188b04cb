import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardDriver, BoardService, LatLng } from '@auxilio/domain';
import { LazyMapView, type MapMarker } from '../../../lib/map/index.ts';

/** Where the map looks before it knows of any point: the middle of Puerto Rico. */
const DEFAULT_CENTER: LatLng = { lat: 18.22, lng: -66.45 };

export interface BoardMapProps {
  services: readonly BoardService[];
  drivers: readonly BoardDriver[];
}

/** The board on a map: a pin per open service with a place, a marker per online driver. */
export function BoardMap({ services, drivers }: BoardMapProps) {
  const { t } = useTranslation('dispatcher');
  const markers = useMemo<MapMarker[]>(() => {
    const pins: MapMarker[] = [];
    for (const service of services) {
      if (!service.location) continue;
      pins.push({
        id: `service-${service._id}`,
        kind: 'situation',
        position: service.location,
        label: t('board.servicePin', { number: service.serviceNumber }),
      });
    }
    for (const driver of drivers) {
      if (!driver.online || !driver.position) continue;
      pins.push({
        id: `driver-${driver.id}`,
        kind: 'driver',
        position: driver.position,
        label: t('board.driverPin', { name: driver.name }),
      });
    }
    return pins;
  }, [services, drivers, t]);
  const points = useMemo(() => markers.map((marker) => marker.position), [markers]);
  return (
    <LazyMapView
      center={points[0] ?? DEFAULT_CENTER}
      zoom={10}
      markers={markers}
      fitTo={points}
      ariaLabel={t('board.mapLabel')}
      height="100%"
    />
  );
}
