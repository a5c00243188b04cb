import { useQuery } from '@tanstack/react-query';
import { SharedServiceSchema, type SharedService } from '@auxilio/domain';
import { ApiRequestError, type ApiClient } from '../../../lib/api-client.ts';
import { useApi } from '../../../lib/use-api.ts';

// Decision 474: `GET /api/v1/services/{id}/shared` with the link token as the bearer answers the
// redacted view (no customer phone, no prices). It lives in its own cache entry, never in the
// session nor in the service's entry: a shared view persists nothing (decision 475).

export const sharedServiceKeys = {
  detail: (serviceId: string, linkToken: string) =>
    ['shared-services', serviceId, linkToken] as const,
};

export function getSharedService(
  api: ApiClient,
  serviceId: string,
  linkToken: string,
): Promise<SharedService> {
  return api.get(`/api/v1/services/${encodeURIComponent(serviceId)}/shared`, SharedServiceSchema, {
    token: linkToken,
  });
}

/** How a link that cannot open reads: 410 expired, 401/403/404 not valid (decision 474). */
export type SharedLinkFailure = 'expired' | 'invalid';

export function sharedLinkFailure(error: unknown): SharedLinkFailure | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status === 410) return 'expired';
  if (error.status === 401 || error.status === 403 || error.status === 404) return 'invalid';
  return null;
}

/**
 * The redacted view, polled every `pollMs` (false: not polling, the stream refetches it). A link
 * that is expired or not valid stops polling and is not retried: it will not start working.
 */
export function useSharedService(serviceId: string, linkToken: string, pollMs: number | false) {
  const api = useApi();
  return useQuery({
    queryKey: sharedServiceKeys.detail(serviceId, linkToken),
    queryFn: () => getSharedService(api, serviceId, linkToken),
    staleTime: 0,
    retry: (failures, error) => sharedLinkFailure(error) === null && failures < 1,
    refetchInterval: (query) => (sharedLinkFailure(query.state.error) ? false : pollMs),
  });
}
