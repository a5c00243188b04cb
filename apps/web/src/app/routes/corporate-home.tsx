import { CancelledNotice } from '../../features/cancellation/components/cancelled-notice.tsx';
import { CorporateGuard } from '../../features/corporate/components/corporate-guard.tsx';
import { CorporateHomeScreen } from '../../features/corporate/components/corporate-home-screen.tsx';

/** /corporate/home (corporate guard): SPEC 2 corporate home. */
export function Component() {
  return (
    <CorporateGuard>
      <CorporateHomeScreen />
      {/* A corporate brand's root route leads here: where its cancellations land. */}
      <CancelledNotice />
    </CorporateGuard>
  );
}
