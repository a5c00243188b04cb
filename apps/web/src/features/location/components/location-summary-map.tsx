import { hasCoordinates, MAP_ZOOM, mapCenterOf, type Locations } from '@auxilio/domain';
import { LocationMap } from './location-map.tsx';
import './location.css';

/**
 * The location map above the summary sheet: the chosen points at zoom 17 (SPEC 9) and '35 min',
 * except for a home visit booked days ahead (decision 642).
 */
export function LocationSummaryMap({
  locations,
  showEstimate = true,
}: {
  locations: Locations;
  showEstimate?: boolean;
}) {
  const { situation, destination } = locations;
  const markers = [
    ...(hasCoordinates(situation) ? [{ ...situation, kind: 'situation' as const }] : []),
    ...(hasCoordinates(destination) ? [{ ...destination, kind: 'destination' as const }] : []),
  ];
  return (
    <LocationMap
      center={hasCoordinates(situation) ? situation : mapCenterOf('PR')}
      zoom={MAP_ZOOM.location}
      markers={markers}
      showEstimate={showEstimate}
      interactive={false}
    />
  );
}
