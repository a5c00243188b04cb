import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  SHARED_LINK_REDIRECT_MS,
  sharedLinkRedirect,
  type SharedLinkParams,
} from '@auxilio/domain';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useService } from '../../../api/service-query.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

/**
 * SPEC 2 "/{serviceId}: Landing for shared links ... loads the service then redirects after 3
 * seconds", for the phone that holds this service in its session (the customer): the target of
 * SPEC 4 "Shared-link landing" (decisions 114 and 123), replacing the landing in the history. A
 * session token the API no longer accepts (401/403) shows `whenDenied` instead (decision 475).
 */
export function CustomerLanding({
  params,
  whenDenied,
}: {
  params: SharedLinkParams;
  whenDenied: ReactNode;
}) {
  const { t } = useTranslation('shared-link');
  const [, navigate] = useLocation();
  const patchSession = useSessionStore((state) => state.patchSession);
  const service = useService();
  const data = service.data;
  const decision = data ? sharedLinkRedirect({ params, service: data }) : null;
  const to = decision?.to ?? null;
  const replace = decision?.replace ?? true;
  const fromComments = decision?.redirectedFromComments ?? false;

  useEffect(() => {
    if (!to) return;
    const timer = setTimeout(() => {
      if (fromComments) patchSession({ redirectedFromComments: true });
      navigate(to, { replace });
    }, SHARED_LINK_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [to, replace, fromComments, navigate, patchSession]);

  const denied =
    service.error instanceof ApiRequestError &&
    (service.error.status === 401 || service.error.status === 403);
  if (denied) return whenDenied;
  return (
    <main className="shared-tracking">
      <h1 className="shared-tracking__title">{t('title')}</h1>
      <p role={service.isError ? 'alert' : 'status'}>
        {service.isError ? t('customer.offline') : t('customer.loading')}
      </p>
    </main>
  );
}
