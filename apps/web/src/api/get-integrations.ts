import { queryOptions, useQuery } from '@tanstack/react-query';
import { IntegrationListSchema, type Integration } from '@auxilio/domain';
import { useRuntimeConfig } from '../config/runtime-config-context.ts';
import type { RuntimeConfig } from '../config/runtime-config.ts';
import { createApiClient } from '../lib/api-client.ts';

// SPEC 7 `GET /api/v2/accounts/{id}/integrations` on the common API.

export const integrationKeys = {
  forAccount: (id: string) => ['accounts', id, 'integrations'] as const,
};

export function getIntegrations(config: RuntimeConfig, accountId: string): Promise<Integration[]> {
  const client = createApiClient({ baseUrl: config.api.common, appKey: config.appKey });
  return client.get(
    `/api/v2/accounts/${encodeURIComponent(accountId)}/integrations`,
    IntegrationListSchema,
  );
}

export function getIntegrationsQueryOptions(config: RuntimeConfig, accountId: string) {
  return queryOptions({
    queryKey: integrationKeys.forAccount(accountId),
    queryFn: () => getIntegrations(config, accountId),
    staleTime: 10 * 60_000,
  });
}

/** The account's integrations, or undefined while loading, without an account, or on failure. */
export function useIntegrations(accountId: string | null) {
  const config = useRuntimeConfig();
  return useQuery({
    ...getIntegrationsQueryOptions(config, accountId ?? ''),
    enabled: accountId !== null,
  });
}
