import { DispatchGuard } from '../../features/services/components/dispatch-guard.tsx';
import '../../features/services/components/flow-screen.css';
import { PlateScreen } from '../../features/vehicle/components/plate-screen.tsx';
import { useRequestAccount } from './request-account.ts';

/** /plate (dispatch guard): the vehicle lookup, contract search and limit check (SPEC 2, 4, 8). */
export function Component() {
  const { loadAccount } = useRequestAccount();
  return (
    <DispatchGuard>
      <PlateScreen loadAccount={loadAccount} />
    </DispatchGuard>
  );
}
