import { DispatchGuard } from '../../features/services/components/dispatch-guard.tsx';
import { ServicesScreen } from '../../features/services/components/services-screen.tsx';
import '../../features/services/components/flow-screen.css';
import { useKnownCustomerLookup } from '../../features/vehicle/hooks/use-known-customer-lookup.ts';
import { useRequestAccount } from './request-account.ts';

/** /services (dispatch guard): service tiles and Continue on the track (SPEC 2, SPEC 4). */
export function Component() {
  const { account, loadAccount, helpPhone } = useRequestAccount();
  const lookup = useKnownCustomerLookup(loadAccount);
  return (
    <DispatchGuard>
      <ServicesScreen
        account={account.data}
        accountFailed={account.isError}
        helpPhone={helpPhone}
        lookup={lookup}
      />
    </DispatchGuard>
  );
}
