import { useSessionStore } from '../../stores/session-store.ts';
import { LocationSummaryMap } from '../../features/location/components/location-summary-map.tsx';
import { useSubmitServiceRequest } from '../../api/use-submit-service-request.ts';
import { LocationSummaryScreen } from '../../features/summary/components/location-summary-screen.tsx';

/**
 * /location/summary (SPEC 2 "Bottom sheet"): the location map above the summary sheet; the direct
 * submit of SPEC 4 is the shared service-request call (src/api).
 */
export function Component() {
  const locations = useSessionStore((state) => state.session.locations);
  const home = useSessionStore((state) => state.session.currentTrack === 'home');
  const { submit, isPending, error } = useSubmitServiceRequest();
  return (
    <LocationSummaryScreen
      map={<LocationSummaryMap locations={locations} showEstimate={!home} />}
      submitRequest={{
        submit: () => submit(),
        isPending,
        failure: error === null ? null : error.code === 'NETWORK' ? 'network' : 'rejected',
      }}
    />
  );
}
