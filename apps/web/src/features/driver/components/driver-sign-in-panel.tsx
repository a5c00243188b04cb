import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { beginDriverSignIn } from '../utils/driver-sign-in.ts';

export interface DriverSignInPanelProps {
  /** Leaves the app for the identity provider (tests pass their own). */
  navigate?: (url: string) => void;
}

/** The driver app without a session: one button to the identity provider (docs/decisions/761). */
export function DriverSignInPanel({
  navigate = (url) => {
    window.location.assign(url);
  },
}: DriverSignInPanelProps) {
  const { t } = useTranslation('driver');
  const config = useRuntimeConfig();
  const [leaving, setLeaving] = useState(false);
  const start = async () => {
    setLeaving(true);
    navigate(
      await beginDriverSignIn({
        signIn: config.signIn,
        origin: window.location.origin,
        storage: window.sessionStorage,
      }),
    );
  };
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
