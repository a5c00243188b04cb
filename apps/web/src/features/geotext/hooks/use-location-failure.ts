import { buildFailedGeotextResponse } from '@auxilio/domain';
import { useLocation } from 'wouter';
import { isRoomRefused, useSendGeotextResponse } from '../api/geotext-api.ts';
import { geotextPaths, type GeotextLink } from './geotext-paths.ts';

/**
 * SPEC 8 "Geotext location error: Failed response sent to the server; go to
 * /geotext/error/location; a device without geolocation goes to the same page". The failure is
 * sent once; if the signal drops it is not retried (the screen still explains what to do), and a
 * room the API refuses goes to /geotext/error/roomid instead.
 */
export function useLocationFailure(link: GeotextLink): () => Promise<void> {
  const [, navigate] = useLocation();
  const send = useSendGeotextResponse();
  return async () => {
    const refused = await send
      .mutateAsync(buildFailedGeotextResponse(link.roomId, link.phoneNumber))
      .then(() => false)
      .catch((error: unknown) => isRoomRefused(error));
    navigate(refused ? geotextPaths.roomError : geotextPaths.locationError(link), {
      replace: true,
    });
  };
}
