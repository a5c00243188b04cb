import { LocationScreen } from '../../features/location/components/location-screen.tsx';

/** /location (SPEC 2 "Location screen"; `?pick=` is the point-on-map screen, decision 280). */
export function Component() {
  return <LocationScreen />;
}
