import { useTranslation } from 'react-i18next';
import type { SignInCallbackPath } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useSignInRedirect } from '../../../lib/oidc/use-sign-in-redirect.ts';
import { SIGN_IN_ATTEMPT_KEY } from '../utils/sign-in-attempt.ts';
import './sign-in.css';

export interface SignInStartScreenProps {
  /** The callback route the identity provider returns to. */
  callbackPath: SignInCallbackPath;
  /** Leaves the app for the identity provider (tests pass their own). */
  navigate?: (url: string) => void;
}

/** SPEC 2 "/mmm-openid/login": sign-in for one insurer's members (SPEC 6 "authorization-code flow"). */
export function SignInStartScreen({ callbackPath, navigate }: SignInStartScreenProps) {
  const { t } = useTranslation('sign-in');
  const { leaving, start } = useSignInRedirect({
    callbackPath,
    attemptKey: SIGN_IN_ATTEMPT_KEY,
    navigate,
  });
  return (
    <main className="sign-in">
      <h1 className="sign-in__title">{t('memberLogin.title')}</h1>
      <p className="sign-in__lead">{t('memberLogin.lead')}</p>
      <Button disabled={leaving} onClick={() => void start()}>
        {t('memberLogin.button')}
      </Button>
    </main>
  );
}
