import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import { useSignInRedirect } from '../../../lib/oidc/use-sign-in-redirect.ts';
import {
  DISPATCHER_CALLBACK_PATH,
  DISPATCHER_SIGN_IN_ATTEMPT_KEY,
} from '../utils/dispatcher-sign-in.ts';
import './dispatcher.css';

export interface DispatcherSignInPanelProps {
  /** The previous session ended (expired or signed out by the server). */
  expired?: boolean;
  /** Leaves the app for the identity provider (tests pass their own). */
  navigate?: (url: string) => void;
}

/** The console without a session: the product, the console's name and one sign-in button. */
export function DispatcherSignInPanel({ expired = false, navigate }: DispatcherSignInPanelProps) {
  const { t } = useTranslation('dispatcher');
  const { leaving, start } = useSignInRedirect({
    callbackPath: DISPATCHER_CALLBACK_PATH,
    attemptKey: DISPATCHER_SIGN_IN_ATTEMPT_KEY,
    navigate,
  });
  return (
    <main className="dispatcher-sign-in">
      <div className="dispatcher-sign-in__card">
        <p className="dispatcher-sign-in__product">{t('signIn.product')}</p>
        <h1 className="dispatcher-sign-in__title">{t('signIn.title')}</h1>
        <p className="dispatcher-sign-in__lead">{t('signIn.lead')}</p>
        {expired ? (
          <p className="dispatcher-notice dispatcher-notice--warning" role="status">
            {t('signIn.expired')}
          </p>
        ) : null}
        <Button disabled={leaving} onClick={() => void start()}>
          {t('signIn.button')}
        </Button>
      </div>
    </main>
  );
}
