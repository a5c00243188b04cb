import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button/button.tsx';
import { ErrorScreen } from '../features/errors/components/error-screen.tsx';
import { NoConnectionScreen } from '../features/offline/components/no-connection-screen.tsx';

export interface ConfigErrorScreenProps {
  onRetry: () => void;
}

/**
 * The server could not give the app its configuration. The Spanish defaults show even when the
 * translation files could not be loaded either (the same server is down).
 */
export function ConfigErrorScreen({ onRetry }: ConfigErrorScreenProps) {
  const { t } = useTranslation('errors');
  // SPEC 8 "Offline: No-connection screen", even before the app has its configuration.
  if (!navigator.onLine) return <NoConnectionScreen />;
  return (
    <ErrorScreen
      title={t('config.title', { defaultValue: 'No pudimos cargar la aplicación' })}
      message={t('config.message', {
        defaultValue: 'Revise su conexión e inténtelo de nuevo en unos segundos.',
      })}
    >
      <Button onClick={onRetry}>{t('config.retry', { defaultValue: 'Reintentar' })}</Button>
    </ErrorScreen>
  );
}
