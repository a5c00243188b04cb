import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServicePhoto, ServicePhotosResponse } from '@auxilio/domain';
import {
  usePhotoUploadQueue,
  withPhoto,
  type PhotoServiceCalls,
} from '../../../lib/photo-upload/use-photo-upload-queue.ts';
import { useApi, useStorageApi } from '../../../lib/use-api.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { generateUploadUrl } from '../api/generate-upload-url.ts';
import { servicePhotoKeys } from '../api/get-service-photos.ts';
import { recordServicePhoto } from '../api/record-service-photo.ts';

// The photos taken on /tracking/coninspection on their way to the service (decision 660), with the
// service's token, and added to the service's photo list once recorded.

export function usePhotoUploads() {
  const api = useApi();
  const storageApi = useStorageApi();
  const queryClient = useQueryClient();
  const serviceId = useSessionStore((state) => state.session.serviceId);
  const token = useSessionStore((state) => state.session.token);

  const calls = useMemo<PhotoServiceCalls | null>(() => {
    if (!serviceId) return null;
    return {
      requestUploadUrl: (input) => generateUploadUrl(storageApi, token, { serviceId, ...input }),
      recordPhoto: (photoId) => recordServicePhoto(api, serviceId, token, photoId),
    };
  }, [api, storageApi, serviceId, token]);

  const onRecorded = useCallback(
    (photo: ServicePhoto) => {
      if (!serviceId) return;
      queryClient.setQueryData<ServicePhotosResponse>(servicePhotoKeys.list(serviceId), (list) =>
        withPhoto(list, photo),
      );
    },
    [queryClient, serviceId],
  );

  return usePhotoUploadQueue(calls, onRecorded, 'inspection');
}
