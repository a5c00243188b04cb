import { LocationScreen } from '../../features/location/components/location-screen.tsx';

/** /location (SPEC 2 "Location screen"). */
export function Component() {
  return <LocationScreen />;
}
