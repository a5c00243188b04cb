import { useQuery } from '@tanstack/react-query';
import { ServiceSchema } from '@auxilio/domain';
import { useApi } from '../../../lib/use-api.ts';

// SPEC 7 `GET /services/{id}` with the service's bearer token: the dispatch guard needs the
// session's service to know whether it still runs (decision 121).

export const guardServiceKeys = {
  detail: (id: string) => ['dispatch-guard', 'service', id] as const,
};

/** The session's service; disabled without an id and token. Failures are logged only (SPEC 8). */
export function useGuardService(serviceId: string | null, token: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: guardServiceKeys.detail(serviceId ?? ''),
    queryFn: () =>
      api.get(`/services/${encodeURIComponent(serviceId ?? '')}`, ServiceSchema, { token }),
    enabled: serviceId !== null && token !== null,
    staleTime: 30_000,
  });
}
