import { useState } from 'react';

/** Test stand-in for vite-plugin-pwa's `virtual:pwa-register/react`: nothing is registered. */
export function useRegisterSW() {
  const needRefresh = useState(false);
  const offlineReady = useState(false);
  return { needRefresh, offlineReady, updateServiceWorker: () => Promise.resolve() };
}
