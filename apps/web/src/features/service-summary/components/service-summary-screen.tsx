import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { brandedRootRoute, isHomeTrackService } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import { ServiceScreen } from './service-screen.tsx';

/**
 * /service-summary (SPEC 4 "with a schedule go to /service-summary"; a home-track service too): the
 * service with its number, when, what and where, and Ok; the route adds the cancel control. A home
 * service also offers another request, which keeps the customer's contract (SPEC 4 "The home
 * on-demand reset keeps contract and the MMM home-on-demand flag").
 */
export function ServiceSummaryScreen({ cancelSlot }: { cancelSlot?: ReactNode }) {
  const { t } = useTranslation('summary');
  return (
    <ServiceScreen
      title={t('summary.title')}
      lead={(service) => t(isHomeTrackService(service) ? 'summary.homeLead' : 'summary.lead')}
      cancelSlot={cancelSlot}
      action={(service) => (isHomeTrackService(service) ? <AnotherHomeRequest /> : null)}
    />
  );
}

function AnotherHomeRequest() {
  const { t } = useTranslation('summary');
  const [, navigate] = useLocation();
  return (
    <Button
      variant="secondary"
      onClick={() => {
        const { session, resetHomeOnDemand } = useSessionStore.getState();
        const route = brandedRootRoute({ accountId: session.accountId, brand: session.brand });
        // Reset and navigate in one step, so no screen renders the emptied session here.
        resetHomeOnDemand();
        navigate(route.to, { replace: route.replace ?? true });
      }}
    >
      {t('summary.anotherRequest')}
    </Button>
  );
}
