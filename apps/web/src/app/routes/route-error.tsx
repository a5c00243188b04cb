import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button/button.tsx';
import { ErrorScreen } from '../../features/errors/components/error-screen.tsx';

/** A screen failed to load or render (e.g. its code could not be downloaded). */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation('errors');
  useEffect(() => {
    console.error('[route] screen failed', error);
  }, [error]);
  return (
    <ErrorScreen title={t('screen.title')} message={t('screen.message')}>
      <Button
        onClick={() => {
          window.location.reload();
        }}
      >
        {t('screen.retry')}
      </Button>
    </ErrorScreen>
  );
}
