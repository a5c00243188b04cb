import { useMemo } from 'react';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { createDispatcherApi, type DispatcherApi } from '../api/dispatcher-api.ts';

/** The console's API client of this page load (base URL and app key from the runtime config). */
export function useDispatcherApi(): DispatcherApi {
  const config = useRuntimeConfig();
  return useMemo(
    () => createDispatcherApi({ baseUrl: config.api.common, appKey: config.appKey }),
    [config.api.common, config.appKey],
  );
}
