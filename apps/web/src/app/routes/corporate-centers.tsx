import { CorporateGuard } from '../../features/corporate/components/corporate-guard.tsx';
import { ServiceCentersScreen } from '../../features/corporate/components/service-centers-screen.tsx';
import { useRequestAccount } from './request-account.ts';

/** /corporate/centers (corporate guard): the brand's service centres (decision 621). */
export function Component() {
  const { account, helpPhone } = useRequestAccount();
  return (
    <CorporateGuard>
      <ServiceCentersScreen branch={account.data?.branch ?? null} helpPhone={helpPhone} />
    </CorporateGuard>
  );
}
