import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ServiceSchema, type Service, type Session } from '@auxilio/domain';
import type { ApiClient } from '../lib/api-client.ts';
import { takeFirstService } from '../lib/first-service.ts';
import { useApi } from '../lib/use-api.ts';
import { useSessionStore } from '../stores/session-store.ts';

// SPEC 7 `GET /services/{id}` with the service's bearer token (SPEC 6). One cache entry per service:
// screens read it, polls refresh it and the live stream writes into it (CONVENTIONS "State").

export const serviceKeys = {
  all: ['services'] as const,
  detail: (id: string) => ['services', id] as const,
};

export function getService(api: ApiClient, id: string, token: string | null): Promise<Service> {
  return api.get(`/services/${encodeURIComponent(id)}`, ServiceSchema, { token });
}

export function getServiceQueryOptions(api: ApiClient, id: string, token: string | null) {
  return queryOptions({
    queryKey: serviceKeys.detail(id),
    queryFn: () => getService(api, id, token),
  });
}

/**
 * Starts reading the session's service into the cache, for a page opened on a screen that shows it:
 * the read goes out beside the screen's code instead of after its first render. When the page came
 * with the service (decision 752), that is the cache's first value and nothing is read.
 */
export function prefetchSessionService(reads: {
  queryClient: QueryClient;
  api: ApiClient;
  session: Pick<Session, 'serviceId' | 'token'>;
}): void {
  const { serviceId, token } = reads.session;
  if (!serviceId || !token) return;
  const withPage = takeFirstService(serviceId);
  if (withPage) {
    reads.queryClient.setQueryData(serviceKeys.detail(serviceId), withPage);
    return;
  }
  // A failure is the screen's to show: its own read reports it.
  reads.queryClient
    .query(getServiceQueryOptions(reads.api, serviceId, token))
    .catch(() => undefined);
}

export interface UseServiceOptions {
  /** Poll interval in milliseconds (SPEC 4: 18 s loading, 17.4 s tracking); false: none. */
  refetchInterval?: number | false;
}

/** The session's service (serviceId + token persisted, so a reload resumes); idle without one. */
export function useService({ refetchInterval = false }: UseServiceOptions = {}) {
  const api = useApi();
  const serviceId = useSessionStore((state) => state.session.serviceId);
  const token = useSessionStore((state) => state.session.token);
  return useQuery({
    ...getServiceQueryOptions(api, serviceId ?? '', token),
    enabled: serviceId !== null && token !== null,
    refetchInterval,
  });
}
