import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { distanceToPathMeters, isOffRoute, MAP_ZOOM, type LatLng } from '@auxilio/domain';
import {
  LazyMapView,
  useDirections,
  useTravelHeading,
  type MapMarker,
} from '../../../lib/map/index.ts';
import type { TrackingMapInput } from './tracking-screen.tsx';

/**
 * The tracking map (SPEC 2 "Map area", SPEC 9 "initial tracking 12"): situation, destination and the
 * driver, with the route line. The route is asked again only when the driver strays more than
 * 200 m from it (SPEC 5), never on every position. The view keeps the driver and the customer in
 * sight (the destination instead once reached); zoom 12 on the customer is the view before a driver.
 */
export function TrackingMap({ situation, driver, destination, reached }: TrackingMapInput) {
  const { t } = useTranslation('tracking');
  // The map stays where the customer is; the driver drives into it.
  const [center] = useState<LatLng | null>(situation ?? driver);
  const [origin, setOrigin] = useState<LatLng | null>(driver);
  const from = reached ? situation : origin;
  const to = reached ? destination : situation;
  const directions = useDirections(from, to);
  const heading = useTravelHeading(driver, to);
  const path = directions.data?.path;
  const route = useMemo(
    () =>
      directions.data
        ? { path: directions.data.path, approximate: directions.data.approximate }
        : null,
    [directions.data],
  );

  // Adjusted while rendering (no effect): the new origin asks for the new route.
  if (!reached && driver && (!origin || (path && isOffRoute(distanceToPathMeters(driver, path))))) {
    setOrigin(driver);
  }

  if (!center) return null;
  const markers: MapMarker[] = [];
  if (situation) markers.push({ id: 'situation', kind: 'situation', position: situation });
  if (destination) markers.push({ id: 'destination', kind: 'destination', position: destination });
  if (driver) markers.push({ id: 'driver', kind: 'driver', position: driver, heading });
  // On the way: the driver and the customer; once reached (a tow), the driver and the destination.
  const inSight = [driver, reached ? destination : situation].filter((point) => point !== null);
  return (
    <LazyMapView
      center={center}
      zoom={MAP_ZOOM.initialTracking}
      markers={markers}
      fitTo={inSight}
      route={route}
      ariaLabel={t('map.label')}
    />
  );
}
