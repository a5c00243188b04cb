import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { clearSignInAttempt } from '../../../lib/oidc/sign-in-attempt.ts';
import type { SignInCallbackFailure } from '../../../lib/oidc/sign-in-callback.ts';
import { useDispatcherApi } from '../hooks/use-dispatcher-api.ts';
import {
  DISPATCHER_HOME_PATH,
  DISPATCHER_SIGN_IN_ATTEMPT_KEY,
  dispatcherCallbackOutcome,
} from '../utils/dispatcher-sign-in.ts';
import { writeDispatcherSession } from '../utils/dispatcher-token-store.ts';
import './dispatcher.css';

type Failure = SignInCallbackFailure | 'exchange' | 'forbidden';

/**
 * /dispatcher/callback: checks the state, sends the code to POST /dispatcher/session (once: a code
 * works once), keeps the dispatcher token and opens the console (docs/decisions/762).
 */
export function DispatcherCallbackScreen() {
  const { t } = useTranslation('dispatcher');
  const api = useDispatcherApi();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [outcome] = useState(() =>
    dispatcherCallbackOutcome(new URLSearchParams(search), window.sessionStorage),
  );
  const [failure, setFailure] = useState<Failure | null>(
    outcome.kind === 'failed' ? outcome.reason : null,
  );
  const sent = useRef(false);
  useEffect(() => {
    clearSignInAttempt(window.sessionStorage, DISPATCHER_SIGN_IN_ATTEMPT_KEY);
  }, []);
  useEffect(() => {
    if (outcome.kind !== 'exchange' || sent.current) return;
    sent.current = true;
    api.signIn(outcome.body).then(
      (session) => {
        writeDispatcherSession(window.localStorage, session);
        navigate(DISPATCHER_HOME_PATH, { replace: true });
      },
      (error: unknown) => {
        setFailure(
          error instanceof ApiRequestError && error.status === 403 ? 'forbidden' : 'exchange',
        );
      },
    );
  }, [api, outcome, navigate]);

  if (failure) {
    return (
      <main className="dispatcher-sign-in">
        <div className="dispatcher-sign-in__card" role="alert">
          <h1 className="dispatcher-sign-in__title">{t('callback.failedTitle')}</h1>
          <p className="dispatcher-sign-in__lead">{t(`callback.${failure}`)}</p>
          <Link className={buttonClassName('primary')} href={DISPATCHER_HOME_PATH}>
            {t('callback.retry')}
          </Link>
        </div>
      </main>
    );
  }
  return (
    <main className="dispatcher-sign-in" aria-busy="true">
      <div className="dispatcher-sign-in__card">
        <h1 className="dispatcher-sign-in__title">{t('callback.title')}</h1>
      </div>
    </main>
  );
}
