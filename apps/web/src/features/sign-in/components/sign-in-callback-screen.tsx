import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { applySignInUserInfo } from '@auxilio/domain';
import { buttonClassName } from '../../../components/ui/button/button-class.ts';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { clearSignInAttempt, readSignInAttempt } from '../../../lib/oidc/sign-in-attempt.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useSignInCodeExchange } from '../api/exchange-sign-in-code.ts';
import { callbackOutcome, type SignInFailure } from '../utils/callback-outcome.ts';
import { SIGN_IN_ATTEMPT_KEY } from '../utils/sign-in-attempt.ts';
import './sign-in.css';

export interface SignInCallbackScreenProps {
  /** Where "try again" leads: the start route of this callback. */
  startPath: string;
}

/**
 * SPEC 2 "/mmm-openid/callback" (query code, state, error): checks the state, exchanges the code
 * (SPEC 7 `/api/mmm-openid/token`) and keeps the member in the session (decision 120: the card number
 * is the member id and the identifier for the contract search).
 */
export function SignInCallbackScreen({ startPath }: SignInCallbackScreenProps) {
  const { t } = useTranslation('sign-in');
  const config = useRuntimeConfig();
  const search = useSearch();
  // Decided once: the stored attempt is spent as soon as the page has read it.
  const [outcome] = useState(() =>
    callbackOutcome(
      new URLSearchParams(search),
      readSignInAttempt(window.sessionStorage, SIGN_IN_ATTEMPT_KEY),
      config.signIn.clientId,
    ),
  );
  useEffect(() => {
    clearSignInAttempt(window.sessionStorage, SIGN_IN_ATTEMPT_KEY);
  }, []);
  const exchange = useSignInCodeExchange(outcome.kind === 'exchange' ? outcome.request : null);
  const updateSession = useSessionStore((state) => state.updateSession);
  const userInfo = exchange.data?.userInfo;
  const memberSession = exchange.data?.memberSession ?? null;
  useEffect(() => {
    if (userInfo) {
      updateSession((session) => applySignInUserInfo(session, userInfo, memberSession));
    }
  }, [userInfo, memberSession, updateSession]);

  const failure: SignInFailure | null =
    outcome.kind === 'failed' ? outcome.reason : exchange.isError ? 'exchange' : null;
  if (failure) {
    return (
      <main className="sign-in">
        {/* SPEC 8 "Sign-in failure: Alert 'Hubo un error en la autenticación'". */}
        <div role="alert" className="sign-in__alert">
          <h1 className="sign-in__title">{t('failure.title')}</h1>
          <p className="sign-in__lead">{t(`failure.${failure}`)}</p>
        </div>
        <Link className={buttonClassName('primary')} href={startPath}>
          {t('failure.retry')}
        </Link>
      </main>
    );
  }
  if (!userInfo) {
    return (
      <main className="sign-in" aria-busy="true">
        <h1 className="sign-in__title">{t('callback.title')}</h1>
      </main>
    );
  }
  return (
    <main className="sign-in">
      <h1 className="sign-in__title">
        {t('welcome.title', { name: `${userInfo.firstname} ${userInfo.lastname}`.trim() })}
      </h1>
      <p className="sign-in__lead">{t('welcome.card', { cardnumber: userInfo.cardnumber })}</p>
      <Link className={buttonClassName('primary')} href="/services">
        {t('welcome.continue')}
      </Link>
    </main>
  );
}
