import { DispatchGuard } from '../../features/services/components/dispatch-guard.tsx';
import { HomeSubServicesScreen } from '../../features/services/components/home-sub-services-screen.tsx';
import '../../features/services/components/flow-screen.css';
import { useKnownCustomerLookup } from '../../features/vehicle/hooks/use-known-customer-lookup.ts';
import { useRequestAccount } from './request-account.ts';

/** /services/home (dispatch guard): the home category's sub-services and Confirm (SPEC 2, SPEC 4). */
export function Component() {
  const { loadAccount } = useRequestAccount();
  const lookup = useKnownCustomerLookup(loadAccount);
  return (
    <DispatchGuard>
      <HomeSubServicesScreen lookup={lookup} />
    </DispatchGuard>
  );
}
