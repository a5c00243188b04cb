import { CorporateGuard } from '../../features/corporate/components/corporate-guard.tsx';
import { CorporateServicesScreen } from '../../features/corporate/components/corporate-services-screen.tsx';
import { useRequestAccount } from './request-account.ts';

/** /corporate/services (corporate guard): plan coverage and this phone's service (decision 622). */
export function Component() {
  const { account } = useRequestAccount();
  return (
    <CorporateGuard>
      <CorporateServicesScreen account={account.data} accountFailed={account.isError} />
    </CorporateGuard>
  );
}
