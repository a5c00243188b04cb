import { GeotextPermission } from '../../features/geotext/components/geotext-permission.tsx';

/** SPEC 2 /geotext/permission/{roomId}: asks for the location. */
export function Component() {
  return <GeotextPermission />;
}
