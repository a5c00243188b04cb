import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Snackbar } from '../../../components/ui/snackbar/snackbar.tsx';
import { keepLandingPageForOffline } from '../utils/keep-landing-page.ts';
import { refetchShownData } from '../utils/refetch-shown-data.ts';
import { reloadIntoNewVersion } from '../utils/reload-into-new-version.ts';

/**
 * Registers the service worker and, when a new version is waiting, shows SPEC 2's "snackbar 'New
 * version available' with Ok reloads". SPEC 8: service-worker registration errors are logged only.
 * Once the worker first controls the page, it is given the page the user landed on and the data on
 * screen to keep for offline use (docs/decisions/176, 730). Ok activates the waiting worker and
 * reloads into the new version; the session lives in localStorage, so it carries over.
 */
export function UpdateSnackbar() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // The reload is ours (reloadIntoNewVersion), for every page: none from the plugin on top.
    onNeedReload: () => undefined,
    onRegisterError(error: unknown) {
      console.error('[pwa] service worker registration failed', error);
    },
  });
  useEffect(
    () =>
      keepLandingPageForOffline({
        alsoKeep: () => {
          void refetchShownData(queryClient);
        },
      }),
    [queryClient],
  );
  if (!needRefresh) return null;
  return (
    <Snackbar
      message={t('update.available')}
      actionLabel={t('actions.ok')}
      onAction={() => {
        reloadIntoNewVersion({ activate: () => updateServiceWorker(true) });
      }}
    />
  );
}
