import { useEffect } from 'react';
import { useIntegrations } from '../../api/get-integrations.ts';
import { useSessionStore } from '../../stores/session-store.ts';

/**
 * SPEC 3 Session "integrations": the account's integrations, fetched for the account in use and kept
 * in the session, where the request flow (contract search, creation link) and the finished service
 * (success redirect) read them. A session reset empties them: they are put back from the cache at
 * once. SPEC 8 "integrations fetch failures: Logged only, no message": an account whose
 * integrations have not arrived has none in the session (never another account's).
 */
export function useSessionIntegrations(accountId: string | null): void {
  const integrations = useIntegrations(accountId);
  const inSession = useSessionStore((state) => state.session.integrations);
  const patchSession = useSessionStore((state) => state.patchSession);
  // Until this account's list arrives (or when it cannot), the session holds none: never the
  // previous account's.
  const known = integrations.data ?? (accountId !== null ? NONE : undefined);

  useEffect(() => {
    if (known && known !== inSession) patchSession({ integrations: known });
  }, [known, inSession, patchSession]);

  useEffect(() => {
    if (integrations.error) console.warn('[integrations] fetch failed', integrations.error);
  }, [integrations.error]);
}

const NONE: [] = [];
