import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { commentsGuard } from '@auxilio/domain';
import { useService } from '../../../api/service-query.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

/**
 * SPEC 2 "/comments: Comments (dispatch guard)" with SPEC 4's "stay there" for the customer a link
 * sent here: the domain's `commentsGuard` (decision 613).
 */
export function CommentsGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const session = useSessionStore((state) => state.session);
  const service = useService();
  if (service.isLoading) {
    return (
      <p className="screen-loading" role="status">
        {t('loading')}
      </p>
    );
  }
  const decision = commentsGuard({ session, service: service.data ?? null, now: new Date() });
  if (decision.kind === 'route') return <Redirect to={decision.to} replace />;
  return <>{children}</>;
}
