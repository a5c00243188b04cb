import { useSessionStore } from '../../stores/session-store.ts';
import { LocationSummaryMap } from '../../features/location/components/location-summary-map.tsx';
import { useSubmitServiceRequest } from '../../features/service-request/hooks/use-submit-service-request.ts';
import { LocationSummaryScreen } from '../../features/summary/components/location-summary-screen.tsx';

/**
 * /location/summary (SPEC 2 "Bottom sheet"): the location map above the summary sheet; the direct
 * submit of SPEC 4 is the service-request feature's.
 */
export function Component() {
  const locations = useSessionStore((state) => state.session.locations);
  const { submit, isPending, error } = useSubmitServiceRequest();
  return (
    <LocationSummaryScreen
      map={<LocationSummaryMap locations={locations} />}
      submitRequest={{
        submit: () => submit(),
        isPending,
        failure: error === null ? null : error.code === 'NETWORK' ? 'network' : 'rejected',
      }}
    />
  );
}
