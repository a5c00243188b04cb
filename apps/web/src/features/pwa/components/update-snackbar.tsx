import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Snackbar } from '../../../components/ui/snackbar/snackbar.tsx';
import { keepLandingPageForOffline } from '../utils/keep-landing-page.ts';

/**
 * Registers the service worker and, when a new version is waiting, shows SPEC 2's "snackbar 'New
 * version available' with Ok reloads". SPEC 8: service-worker registration errors are logged only.
 * When the worker first takes control, it is given the page the user landed on to keep for offline
 * use (docs/decisions/176).
 */
export function UpdateSnackbar() {
  const { t } = useTranslation('common');
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      console.error('[pwa] service worker registration failed', error);
    },
  });
  useEffect(() => keepLandingPageForOffline(), []);
  if (!needRefresh) return null;
  return (
    <Snackbar
      message={t('update.available')}
      actionLabel={t('actions.ok')}
      onAction={() => {
        void updateServiceWorker(true);
      }}
    />
  );
}
