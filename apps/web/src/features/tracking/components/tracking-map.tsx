import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { distanceToPathMeters, isOffRoute, MAP_ZOOM, type LatLng } from '@auxilio/domain';
import { LazyMapView, useDirections, type MapMarker } from '../../../lib/map/index.ts';
import type { TrackingMapInput } from './tracking-screen.tsx';

/**
 * The tracking map (SPEC 2 "Map area", SPEC 9 "initial tracking 12"): situation, destination and the
 * driver, with the route line. The route is asked again only when the driver strays more than
 * 200 m from it (SPEC 5), never on every position.
 */
export function TrackingMap({ situation, driver, destination, reached }: TrackingMapInput) {
  const { t } = useTranslation('tracking');
  // The map stays where the customer is; the driver drives into it.
  const [center] = useState<LatLng | null>(situation ?? driver);
  const [origin, setOrigin] = useState<LatLng | null>(driver);
  const from = reached ? situation : origin;
  const to = reached ? destination : situation;
  const directions = useDirections(from, to);
  const path = directions.data?.path;

  // Adjusted while rendering (no effect): the new origin asks for the new route.
  if (!reached && driver && (!origin || (path && isOffRoute(distanceToPathMeters(driver, path))))) {
    setOrigin(driver);
  }

  if (!center) return null;
  const markers: MapMarker[] = [];
  if (situation) markers.push({ id: 'situation', kind: 'situation', position: situation });
  if (destination) markers.push({ id: 'destination', kind: 'destination', position: destination });
  if (driver) markers.push({ id: 'driver', kind: 'driver', position: driver });
  return (
    <LazyMapView
      center={center}
      zoom={MAP_ZOOM.initialTracking}
      markers={markers}
      route={
        directions.data
          ? { path: directions.data.path, approximate: directions.data.approximate }
          : null
      }
      ariaLabel={t('map.label')}
    />
  );
}
