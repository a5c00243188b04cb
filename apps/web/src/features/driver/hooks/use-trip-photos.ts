import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServicePhoto, ServicePhotosResponse } from '@auxilio/domain';
import {
  usePhotoUploadQueue,
  withPhoto,
  type PhotoServiceCalls,
} from '../../../lib/photo-upload/use-photo-upload-queue.ts';
import type { DriverApi } from '../api/driver-api.ts';
import { SIGNED_URL_REFRESH_MS } from '../../../lib/photo-upload/signed-url-refresh.ts';

// The driver's optional photos of the trip (docs/decisions/761): the ones recorded, read with
// signed URLs, and the ones on their way, sent in the background as the customer's are.

export const tripPhotoKeys = {
  list: (serviceId: string) => ['driver-trip', serviceId, 'photos'] as const,
};

export function useTripPhotos(api: DriverApi, token: string, serviceId: string) {
  const queryClient = useQueryClient();
  const recorded = useQuery({
    queryKey: tripPhotoKeys.list(serviceId),
    queryFn: () => api.tripPhotos(token, serviceId),
    staleTime: SIGNED_URL_REFRESH_MS,
    refetchInterval: SIGNED_URL_REFRESH_MS,
  });

  const calls = useMemo<PhotoServiceCalls>(
    () => ({
      requestUploadUrl: (photo) => api.photoUploadUrl(token, serviceId, photo),
      recordPhoto: (photoId) => api.recordPhoto(token, serviceId, photoId),
    }),
    [api, serviceId, token],
  );
  const onRecorded = useCallback(
    (photo: ServicePhoto) => {
      queryClient.setQueryData<ServicePhotosResponse>(tripPhotoKeys.list(serviceId), (list) =>
        withPhoto(list, photo),
      );
    },
    [queryClient, serviceId],
  );
  const uploads = usePhotoUploadQueue(calls, onRecorded, 'driver-trip');
  return { recorded: recorded.data?.photos ?? [], uploads };
}
