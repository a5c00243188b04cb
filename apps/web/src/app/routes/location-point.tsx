import { PointOnMapScreen } from '../../features/location/components/point-on-map-screen.tsx';
import { DispatchGuard } from '../../features/services/components/dispatch-guard.tsx';

// SPEC 2 "/location/situation, /location/destination | Address-type pickers (dispatch guard)": the
// point-on-map screen for each address type (decision 643).

/** /location/situation: where the service is needed, on the map. */
export function SituationPoint() {
  return (
    <DispatchGuard>
      <PointOnMapScreen kind="situation" />
    </DispatchGuard>
  );
}

/** /location/destination: where the vehicle is taken (tow), on the map. */
export function DestinationPoint() {
  return (
    <DispatchGuard>
      <PointOnMapScreen kind="destination" />
    </DispatchGuard>
  );
}
