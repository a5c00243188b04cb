import { queryOptions, useQuery } from '@tanstack/react-query';
import { ServicePhotosResponseSchema, type ServicePhotosResponse } from '@auxilio/domain';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApi } from '../../../lib/use-api.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { SIGNED_URL_REFRESH_MS } from '../../../lib/photo-upload/signed-url-refresh.ts';

// `GET /common/api/v1/services/{id}/photos` with the service's bearer token (decision 660): the
// accident photos the service holds, each with a signed URL that shows it for a while.

export const servicePhotoKeys = {
  list: (serviceId: string) => ['services', serviceId, 'photos'] as const,
};

export function getServicePhotos(
  api: ApiClient,
  serviceId: string,
  token: string | null,
): Promise<ServicePhotosResponse> {
  return api.get(
    `/api/v1/services/${encodeURIComponent(serviceId)}/photos`,
    ServicePhotosResponseSchema,
    { token },
  );
}

export function getServicePhotosQueryOptions(
  api: ApiClient,
  serviceId: string,
  token: string | null,
) {
  return queryOptions({
    queryKey: servicePhotoKeys.list(serviceId),
    queryFn: () => getServicePhotos(api, serviceId, token),
    staleTime: SIGNED_URL_REFRESH_MS,
    refetchInterval: SIGNED_URL_REFRESH_MS,
  });
}

/** The session's service's photos; idle without a service. */
export function useServicePhotos() {
  const api = useApi();
  const serviceId = useSessionStore((state) => state.session.serviceId);
  const token = useSessionStore((state) => state.session.token);
  return useQuery({
    ...getServicePhotosQueryOptions(api, serviceId ?? '', token),
    enabled: serviceId !== null && token !== null,
  });
}
