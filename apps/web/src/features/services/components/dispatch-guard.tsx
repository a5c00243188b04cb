import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { dispatchGuard } from '@auxilio/domain';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useGuardService } from '../api/get-guard-service.ts';

/**
 * SPEC 2 "(dispatch guard)" on /services, /services/tow, /services/tow/questions and /plate
 * (decision 121): without a brand or account, home; with a running service, back to it.
 */
export function DispatchGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const session = useSessionStore((state) => state.session);
  const hasService = session.serviceNumber !== null && session.token !== null;
  const service = useGuardService(
    hasService ? session.serviceId : null,
    hasService ? session.token : null,
  );
  if (hasService && service.isLoading) {
    return (
      <p className="screen-loading" role="status">
        {t('loading')}
      </p>
    );
  }
  const decision = dispatchGuard({ session, service: service.data ?? null, now: new Date() });
  if (decision.kind === 'route') return <Redirect to={decision.to} replace />;
  return <>{children}</>;
}
