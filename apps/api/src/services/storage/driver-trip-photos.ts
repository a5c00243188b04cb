import {
  isTripUnderWay,
  parseTripStatus,
  type GenerateUploadUrlResponse,
  type ServicePhoto,
  type ServicePhotosResponse,
  type UploadContentType,
} from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { DriverRow } from '../../repositories/drivers.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ServiceRow } from '../../repositories/services.ts';
import {
  arrivedSize,
  photosOf,
  refuseEnded,
  toServicePhoto,
  type PhotoStorage,
} from './service-photos.ts';
import { signPhotoUpload } from './storage-urls.ts';

// The driver's photos of the trip (docs/decisions/761), e.g. the vehicle at pickup and at drop-off:
// uploaded and recorded as the customer's accident photos are (decision 660), but kept apart from
// them: they are not counted in imagesCount and the customer's photo list does not show them.

type Repos = Pick<Repositories, 'services'>;

/** The driver's service: 404 when there is none, 403 when it is not assigned to this driver. */
async function serviceOfDriver(
  repos: Repos,
  driver: DriverRow,
  serviceId: string,
): Promise<ServiceRow> {
  const service = (await repos.services.findById(serviceId))?.service;
  if (!service) throw new AppError('NOT_FOUND', `Service '${serviceId}' was not found`);
  if (service.driverId !== driver.id) {
    throw new AppError('FORBIDDEN', 'This service is not assigned to this driver');
  }
  return service;
}

/** New photos only on the trip under way: an Active service between ACCEPTED and TOWED. */
function refuseUnlessUnderWay(service: ServiceRow): void {
  if (service.status !== 'Active' || !isTripUnderWay(parseTripStatus(service.tripStatus))) {
    throw new AppError('CONFLICT', 'Photos are taken during the trip: this trip is not under way');
  }
}

/** `POST .../driver-app/services/:id/photos/upload-url`: where to PUT one photo of the trip. */
export async function driverPhotoUploadUrl(
  repos: Repos,
  storage: PhotoStorage,
  driver: DriverRow,
  photo: { serviceId: string; photoId: string; contentType: UploadContentType; size: number },
  origin: string,
  maxBytes: number,
  now: Date = new Date(),
): Promise<GenerateUploadUrlResponse> {
  refuseUnlessUnderWay(await serviceOfDriver(repos, driver, photo.serviceId));
  return signPhotoUpload(storage.uploads, storage.store, photo, 'driver', origin, maxBytes, now);
}

/** `POST .../driver-app/services/:id/photos`: records a photo whose bytes are stored (idempotent). */
export async function recordDriverPhoto(
  repos: Repos,
  storage: PhotoStorage,
  driver: DriverRow,
  photo: { serviceId: string; photoId: string },
  origin: string,
  now: Date = new Date(),
): Promise<ServicePhoto> {
  // A photo sent just before the trip finished is still kept (its upload may end after the last
  // step), but not on a service that was voided or cancelled.
  refuseEnded(await serviceOfDriver(repos, driver, photo.serviceId));
  const size = await arrivedSize(storage, photo, 'driver', now);
  const recorded = await storage.uploads.recordDriverPhoto({ ...photo, size, now });
  if (!recorded) {
    throw new AppError('NOT_FOUND', `Photo '${photo.photoId}' has no upload URL on this service`);
  }
  return toServicePhoto(recorded, storage.store, origin, now);
}

/** `GET .../driver-app/services/:id/photos`: the driver's photos of the trip, oldest first. */
export async function listDriverPhotos(
  repos: Repos,
  storage: PhotoStorage,
  driver: DriverRow,
  serviceId: string,
  origin: string,
  now: Date = new Date(),
): Promise<ServicePhotosResponse> {
  await serviceOfDriver(repos, driver, serviceId);
  return photosOf(storage, serviceId, origin, now, 'driver');
}
