import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { DriverSession } from '@auxilio/domain';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { useCodeExchangeCallback } from '../../../lib/oidc/use-code-exchange-callback.ts';
import { useDriverApi } from '../hooks/use-driver-api.ts';
import { DRIVER_SIGN_IN_ATTEMPT_KEY } from '../utils/driver-sign-in.ts';
import { writeDriverSession } from '../utils/driver-token-store.ts';
import './driver.css';

const keepSession = (session: DriverSession) => {
  writeDriverSession(window.localStorage, session);
};

/**
 * /driver/callback: checks the state, sends the code to POST /driver-app/session (once: a code
 * works once), keeps the driver token and opens the driver's home (docs/decisions/761).
 */
export function DriverCallbackScreen() {
  const { t } = useTranslation('driver');
  const api = useDriverApi();
  const failure = useCodeExchangeCallback({
    attemptKey: DRIVER_SIGN_IN_ATTEMPT_KEY,
    exchange: (body) => api.signIn(body),
    keep: keepSession,
    homePath: '/driver',
  });

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
