import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import { useSignInRedirect } from '../../../lib/oidc/use-sign-in-redirect.ts';
import { DRIVER_CALLBACK_PATH, DRIVER_SIGN_IN_ATTEMPT_KEY } from '../utils/driver-sign-in.ts';

export interface DriverSignInPanelProps {
  /** Leaves the app for the identity provider (tests pass their own). */
  navigate?: (url: string) => void;
}

/** The driver app without a session: one button to the identity provider (docs/decisions/761). */
export function DriverSignInPanel({ navigate }: DriverSignInPanelProps) {
  const { t } = useTranslation('driver');
  const { leaving, start } = useSignInRedirect({
    callbackPath: DRIVER_CALLBACK_PATH,
    attemptKey: DRIVER_SIGN_IN_ATTEMPT_KEY,
    navigate,
  });
  return (
    <main className="driver">
      <h1 className="driver__title">{t('signIn.title')}</h1>
      <p className="driver__lead">{t('signIn.lead')}</p>
      <Button disabled={leaving} onClick={() => void start()}>
        {t('signIn.button')}
      </Button>
    </main>
  );
}
