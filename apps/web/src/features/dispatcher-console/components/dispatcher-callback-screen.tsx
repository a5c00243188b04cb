import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { DispatcherSession } from '@auxilio/domain';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { useCodeExchangeCallback } from '../../../lib/oidc/use-code-exchange-callback.ts';
import { useDispatcherApi } from '../hooks/use-dispatcher-api.ts';
import {
  DISPATCHER_HOME_PATH,
  DISPATCHER_SIGN_IN_ATTEMPT_KEY,
} from '../utils/dispatcher-sign-in.ts';
import { writeDispatcherSession } from '../utils/dispatcher-token-store.ts';
import './dispatcher.css';

const keepSession = (session: DispatcherSession) => {
  writeDispatcherSession(window.localStorage, session);
};

/**
 * /dispatcher/callback: checks the state, sends the code to POST /dispatcher/session (once: a code
 * works once), keeps the dispatcher token and opens the console (docs/decisions/762).
 */
export function DispatcherCallbackScreen() {
  const { t } = useTranslation('dispatcher');
  const api = useDispatcherApi();
  const failure = useCodeExchangeCallback({
    attemptKey: DISPATCHER_SIGN_IN_ATTEMPT_KEY,
    exchange: (body) => api.signIn(body),
    keep: keepSession,
    homePath: DISPATCHER_HOME_PATH,
  });

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
