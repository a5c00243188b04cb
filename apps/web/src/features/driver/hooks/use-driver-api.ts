import { useMemo } from 'react';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { createDriverApi, type DriverApi } from '../api/driver-api.ts';

/** The driver app's API client of this page load (base URL and app key from the runtime config). */
export function useDriverApi(): DriverApi {
  const config = useRuntimeConfig();
  return useMemo(
    () => createDriverApi({ baseUrl: config.api.common, appKey: config.appKey }),
    [config.api.common, config.appKey],
  );
}
