import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { clearSignInAttempt } from '../../../lib/oidc/sign-in-attempt.ts';
import type { SignInCallbackFailure } from '../../../lib/oidc/sign-in-callback.ts';
import { useDriverApi } from '../hooks/use-driver-api.ts';
import { DRIVER_SIGN_IN_ATTEMPT_KEY, driverCallbackOutcome } from '../utils/driver-sign-in.ts';
import { writeDriverSession } from '../utils/driver-token-store.ts';
import './driver.css';

type Failure = SignInCallbackFailure | 'exchange' | 'forbidden';

/**
 * /driver/callback: checks the state, sends the code to POST /driver-app/session (once: a code
 * works once), keeps the driver token and opens the driver's home (docs/decisions/761).
 */
export function DriverCallbackScreen() {
  const { t } = useTranslation('driver');
  const api = useDriverApi();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [outcome] = useState(() =>
    driverCallbackOutcome(new URLSearchParams(search), window.sessionStorage),
  );
  const [failure, setFailure] = useState<Failure | null>(
    outcome.kind === 'failed' ? outcome.reason : null,
  );
  const sent = useRef(false);
  useEffect(() => {
    clearSignInAttempt(window.sessionStorage, DRIVER_SIGN_IN_ATTEMPT_KEY);
  }, []);
  useEffect(() => {
    if (outcome.kind !== 'exchange' || sent.current) return;
    sent.current = true;
    api.signIn(outcome.body).then(
      (session) => {
        writeDriverSession(window.localStorage, session);
        navigate('/driver', { replace: true });
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
      <main className="driver">
        <div role="alert" className="driver__alert">
          <h1 className="driver__title">{t('callback.failedTitle')}</h1>
          <p className="driver__lead">{t(`callback.${failure}`)}</p>
        </div>
        <Link className={buttonClassName('primary')} href="/driver">
          {t('callback.retry')}
        </Link>
      </main>
    );
  }
  return (
    <main className="driver" aria-busy="true">
      <h1 className="driver__title">{t('callback.title')}</h1>
    </main>
  );
}
