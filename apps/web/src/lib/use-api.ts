import { useMemo } from 'react';
import { useRuntimeConfig } from '../config/runtime-config-context.ts';
import { createApiClient, type ApiClient } from './api-client.ts';

/** The common API client of this page load (base URL and app key from the runtime config). */
export function useApi(): ApiClient {
  const config = useRuntimeConfig();
  return useMemo(
    () => createApiClient({ baseUrl: config.api.common, appKey: config.appKey }),
    [config.api.common, config.appKey],
  );
}

/**
 * The storage service's client (ARCHITECTURE decision 1: base URL `/storage` from the runtime
 * config), for the upload URLs of accident photos (decisions 404, 660).
 */
export function useStorageApi(): ApiClient {
  const config = useRuntimeConfig();
  return useMemo(
    () => createApiClient({ baseUrl: config.api.storage, appKey: config.appKey }),
    [config.api.storage, config.appKey],
  );
}
