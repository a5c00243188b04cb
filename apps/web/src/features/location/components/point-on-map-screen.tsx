import { useLocation } from 'wouter';
import { hasCoordinates, mapCenterOf, type ChosenPointKind } from '@auxilio/domain';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useRequestBranch } from '../hooks/use-request-branch.ts';
import { PointOnMap } from './point-on-map.tsx';
import { openedFromLocation } from '../utils/opened-from-location.ts';
import './location.css';

/**
 * /location/situation and /location/destination (SPEC 2 "Address-type pickers"; decision 643): the
 * point-on-map screen for that address type. The map opens on the point chosen before, else the
 * situation, else the branch's default centre (SPEC 9); OK and Back return to /location.
 */
export function PointOnMapScreen({ kind }: { kind: ChosenPointKind }) {
  const [, navigate] = useLocation();
  const locations = useSessionStore((state) => state.session.locations);
  const branch = useRequestBranch();
  const chosen = locations[kind];
  const start = hasCoordinates(chosen)
    ? chosen
    : hasCoordinates(locations.situation)
      ? locations.situation
      : mapCenterOf(branch ?? 'PR');

  return (
    <PointOnMap
      kind={kind}
      start={start}
      onDone={() => {
        if (openedFromLocation(window.history.state)) window.history.back();
        else navigate('/location', { replace: true });
      }}
    />
  );
}
