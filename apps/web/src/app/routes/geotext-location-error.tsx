import { GeotextLocationError } from '../../features/geotext/components/geotext-location-error.tsx';

/** SPEC 2 /geotext/error/location (SPEC 8). */
export function Component() {
  return <GeotextLocationError />;
}
