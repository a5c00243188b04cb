/**
 * SPEC 2 "A snackbar 'New version available' with Ok reloads": activates the waiting worker and
 * reloads once it controls the page, so the page runs the new version's files. The reload waits for
 * the browser's own `controllerchange`: vite-plugin-pwa reloads only a page that was already
 * controlled when it loaded, never a first visit that stayed open until the deploy
 * (docs/decisions/730). The session lives in localStorage, so the reload keeps it.
 */
export function reloadIntoNewVersion({
  activate,
  // Absent outside a secure context (an http address other than localhost).
  container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  reload = () => {
    window.location.reload();
  },
}: {
  /** Tells the waiting worker to take over (vite-plugin-pwa's updateServiceWorker). */
  activate: () => Promise<void>;
  container?: ServiceWorkerContainer;
  reload?: () => void;
}): void {
  if (!container) {
    reload();
    return;
  }
  let reloaded = false;
  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };
  container.addEventListener('controllerchange', reloadOnce, { once: true });
  void container.getRegistration().then(
    (registration) => {
      // Another tab already took the new version: nothing waits any more, this page only reloads.
      if (!registration?.waiting) {
        reloadOnce();
        return;
      }
      activate().catch((error: unknown) => {
        console.error('[pwa] the new version could not be activated', error);
        reloadOnce();
      });
    },
    () => {
      reloadOnce();
    },
  );
}
