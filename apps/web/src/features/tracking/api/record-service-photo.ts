import {
  RecordServicePhotoRequestSchema,
  ServicePhotoSchema,
  type PhotoId,
  type ServicePhoto,
} from '@auxilio/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/**
 * `POST /common/api/v1/services/{id}/photos` (decision 660): records a photo whose bytes were PUT
 * on the service; the same photo id answers the same photo.
 */
export function recordServicePhoto(
  api: ApiClient,
  serviceId: string,
  token: string | null,
  photoId: PhotoId,
): Promise<ServicePhoto> {
  return api.post(
    `/api/v1/services/${encodeURIComponent(serviceId)}/photos`,
    RecordServicePhotoRequestSchema.parse({ photoId }),
    ServicePhotoSchema,
    { token },
  );
}
