import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import type { GuardDecision } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';

export interface ServiceGateProps {
  /** The service query: still loading, failed, or answered. */
  status: 'pending' | 'error' | 'success' | 'idle';
  onRetry: () => void;
  /** The guard's answer once the service is known (null while loading). */
  decision: GuardDecision | null;
  children: ReactNode;
}

/**
 * Runs a post-service guard (survey, tips) on the loaded service. A failed load offers a retry
 * instead of guessing: on a weak signal the customer must not lose the survey to a timeout.
 */
export function ServiceGate({ status, onRetry, decision, children }: ServiceGateProps) {
  const { t } = useTranslation(['survey', 'common']);
  if (status === 'pending') {
    return (
      <p className="screen-loading" role="status">
        {t('common:loading')}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <main className="survey">
        <p role="alert">{t('loadFailed')}</p>
        <Button onClick={onRetry}>{t('common:actions.retry')}</Button>
      </main>
    );
  }
  if (decision?.kind === 'route') return <Redirect to={decision.to} replace />;
  return <>{children}</>;
}
