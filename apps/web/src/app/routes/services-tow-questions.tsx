import { DispatchGuard } from '../../features/services/components/dispatch-guard.tsx';
import { TowQuestionsScreen } from '../../features/services/components/tow-questions-screen.tsx';
import '../../features/services/components/flow-screen.css';
import { useKnownCustomerLookup } from '../../features/vehicle/hooks/use-known-customer-lookup.ts';
import { useRequestAccount } from './request-account.ts';

/** /services/tow/questions (dispatch guard): the tow subtype question (decision 271). */
export function Component() {
  const { account, loadAccount } = useRequestAccount();
  const lookup = useKnownCustomerLookup(loadAccount);
  return (
    <DispatchGuard>
      <TowQuestionsScreen account={account.data} lookup={lookup} />
    </DispatchGuard>
  );
}
