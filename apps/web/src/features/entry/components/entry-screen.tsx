import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { applyEntryRoute, ENTRY_REDIRECT_MS, withQuery } from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import './entry-screen.css';

/**
 * SPEC 2 entry route `/entry`: "Clears all state, sets a fixed brand, stores name and memberId from
 * the query, goes to /services after 1 second" (SPEC 9 "1000 ms entry route"); the rule is the
 * domain's `applyEntryRoute` (decision 612). When this page was loaded for another brand or
 * account, /services is loaded afresh so the fixed brand's theme and configuration apply.
 */
export function EntryScreen({ search }: { search: string }) {
  const { t } = useTranslation('entry');
  const config = useRuntimeConfig();
  const [, navigate] = useLocation();
  const updateSession = useSessionStore((state) => state.updateSession);

  useEffect(() => {
    updateSession((session) => applyEntryRoute(session, new URLSearchParams(search)));
    const timer = setTimeout(() => {
      const { brand, accountId } = useSessionStore.getState().session;
      const loaded =
        brand === config.brand.slug && (accountId === null || accountId === config.accountId);
      if (loaded) navigate('/services', { replace: true });
      else window.location.replace(withQuery('/services', { brand, account: accountId }));
    }, ENTRY_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [search, config.brand.slug, config.accountId, navigate, updateSession]);

  return (
    <main className="entry">
      <h1 className="entry__title">{t('title')}</h1>
      <p role="status">{t('loading')}</p>
    </main>
  );
}
