import { GeotextRoomError } from '../../features/geotext/components/geotext-room-error.tsx';

/** SPEC 2 /geotext/error/roomid. */
export function Component() {
  return <GeotextRoomError />;
}
