import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { isRoomRefused, useGeotextRoomState } from '../api/geotext-api.ts';
import { geotextPaths, type GeotextLink } from './geotext-paths.ts';

/**
 * SPEC 2 /geotext/error/roomid: an unknown, expired or already answered room leaves for the room
 * error page. Answers true once the room is known to be open.
 */
export function useRoomGuard(link: GeotextLink): {
  open: boolean;
  /** The check did not get through (no signal): offer a retry. */
  failed: boolean;
  retry: () => void;
} {
  const [, navigate] = useLocation();
  const state = useGeotextRoomState(link.roomId, link.phoneNumber);
  const closed =
    (state.data !== undefined && state.data.status !== 'open') ||
    (state.isError && isRoomRefused(state.error)) ||
    link.phoneNumber === '';
  useEffect(() => {
    if (closed) navigate(geotextPaths.roomError, { replace: true });
  }, [closed, navigate]);
  return {
    open: state.data?.status === 'open',
    failed: state.isError && !closed,
    retry: () => {
      void state.refetch();
    },
  };
}
