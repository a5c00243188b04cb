import { GeotextMap } from '../../features/geotext/components/geotext-map.tsx';

/** SPEC 2 /geotext/map/{roomId}: the draggable pin (geotext map 17). */
export function Component() {
  return <GeotextMap />;
}
