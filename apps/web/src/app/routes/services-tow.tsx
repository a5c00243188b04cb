import { DispatchGuard } from '../../features/services/components/dispatch-guard.tsx';
import { TowPassengersScreen } from '../../features/services/components/tow-passengers-screen.tsx';
import '../../features/services/components/flow-screen.css';

/** /services/tow (dispatch guard): the tow's passenger counter (SPEC 2). */
export function Component() {
  return (
    <DispatchGuard>
      <TowPassengersScreen />
    </DispatchGuard>
  );
}
