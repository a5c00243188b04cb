import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountSchema, type Account } from '@auxilio/domain';
import { useRuntimeConfig } from '../config/runtime-config-context.ts';
import type { RuntimeConfig } from '../config/runtime-config.ts';
import { createApiClient } from '../lib/api-client.ts';

// SPEC 7 `GET /accounts/{id}` on the common API.

export const accountKeys = {
  all: ['accounts'] as const,
  detail: (id: string) => ['accounts', id] as const,
};

export function getAccount(config: RuntimeConfig, id: string): Promise<Account> {
  const client = createApiClient({ baseUrl: config.api.common, appKey: config.appKey });
  return client.get(`/accounts/${encodeURIComponent(id)}`, AccountSchema);
}

export function getAccountQueryOptions(config: RuntimeConfig, id: string) {
  return queryOptions({
    queryKey: accountKeys.detail(id),
    queryFn: () => getAccount(config, id),
    staleTime: 10 * 60_000,
  });
}

/** The account, or undefined while loading, without one, or on failure (SPEC 8: logged only). */
export function useAccount(id: string | null) {
  const config = useRuntimeConfig();
  return useQuery({
    ...getAccountQueryOptions(config, id ?? ''),
    enabled: id !== null,
  });
}
