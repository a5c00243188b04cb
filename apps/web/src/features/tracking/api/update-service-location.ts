import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  buildGetAddressRequest,
  GetAddressResponseSchema,
  LocationUpdateSchema,
  ServiceSchema,
  type LatLng,
  type Service,
} from '@auxilio/domain';
import { useApi } from '../../../lib/use-api.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { serviceKeys } from '../../../api/service-query.ts';

/**
 * SPEC 7 `PATCH /api/v1/services/{id}/locations` with the position the watch found, its address
 * (`POST /maps/directions/getAddress`) and accuracy; "returns the updated service", which goes into
 * the cache. Resolves to null when there is no data (SPEC 8: the permission is then denied).
 */
export function useUpdateServiceLocation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const serviceId = useSessionStore((state) => state.session.serviceId);
  const token = useSessionStore((state) => state.session.token);
  return useMutation({
    mutationFn: async (input: { point: LatLng; accuracy: number }): Promise<Service | null> => {
      if (!serviceId) return null;
      const found = await api.post(
        '/maps/directions/getAddress',
        buildGetAddressRequest(input.point.lat, input.point.lng),
        GetAddressResponseSchema,
      );
      if (!found.data) return null;
      const body = LocationUpdateSchema.parse({
        situationAddress: found.data.address,
        lat: input.point.lat,
        lng: input.point.lng,
        address: found.data.address,
        placeId: found.data.placeId,
        accuracy: input.accuracy,
      });
      const service = await api.patch(
        `/api/v1/services/${encodeURIComponent(serviceId)}/locations`,
        body,
        ServiceSchema,
        { token },
      );
      queryClient.setQueryData(serviceKeys.detail(serviceId), service);
      return service;
    },
  });
}
