import type { ServicePhoto, ServicePhotosResponse, UploadContentType } from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { PhotoTaker } from '../../db/schema.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ServiceRow } from '../../repositories/services.ts';
import type { RecordedPhotoRow, UploadsRepository } from '../../repositories/uploads.ts';
import { authorizeService } from '../service-tokens.ts';
import type { ObjectStore } from './object-store.ts';

// SPEC 2 /tracking/coninspection: the accident photos of a service (decision 660). The phone PUTs a
// photo's bytes to the upload URL of its photo id, then records it here; the service then shows it
// to whoever may read the service (its token, an operator) with signed, expiring URLs.

type Repos = Pick<Repositories, 'services'>;

export interface PhotoStorage {
  store: ObjectStore;
  uploads: UploadsRepository;
}

/** A voided or cancelled service has no inspector coming to look at photos (as notes, 402). */
export function refuseEnded(service: ServiceRow): void {
  if (service.status === 'Void' || service.status === 'Cancelled') {
    throw new AppError('CONFLICT', `A service that is ${service.status} cannot get photos`);
  }
}

/** A recorded photo as the API answers it, with a signed URL that shows it until `expiresAt`. */
export async function toServicePhoto(
  row: RecordedPhotoRow,
  store: ObjectStore,
  origin: string,
  now: Date,
): Promise<ServicePhoto> {
  const signed = await store.signDownload(row.key, origin, now);
  return {
    photoId: row.photoId,
    contentType: row.contentType as UploadContentType,
    size: row.size,
    recordedAt: row.recordedAt.toISOString(),
    signedUrl: signed.url,
    expiresAt: signed.expiresAt.toISOString(),
  };
}

/** The photos of the service taken by `takenBy` (the customer's accident photos by default). */
export async function photosOf(
  { store, uploads }: PhotoStorage,
  serviceId: string,
  origin: string,
  now: Date,
  takenBy: PhotoTaker = 'customer',
): Promise<ServicePhotosResponse> {
  const rows = await uploads.listRecordedPhotos(serviceId, takenBy);
  return { photos: await Promise.all(rows.map((row) => toServicePhoto(row, store, origin, now))) };
}

/**
 * How many bytes of the photo taken by `takenBy` are in the store: 404 when no upload URL was asked
 * for it, 409 while its bytes have not arrived.
 */
export async function arrivedSize(
  storage: PhotoStorage,
  photo: { serviceId: string; photoId: string },
  takenBy: PhotoTaker,
  now: Date,
): Promise<number> {
  const upload = await storage.uploads.findPhoto(photo.serviceId, photo.photoId, takenBy);
  if (!upload) {
    throw new AppError('NOT_FOUND', `Photo '${photo.photoId}' has no upload URL on this service`);
  }
  // Never the caller's word: the store says whether (and how many) bytes arrived.
  const size = await storage.store.storedSize(upload.key, now);
  if (size === undefined) {
    throw new AppError(
      'CONFLICT',
      `Photo '${photo.photoId}' has not arrived yet: PUT it to its upload URL first`,
    );
  }
  return size;
}

/**
 * Records a photo whose bytes are in the store on its service, and the situation specification's
 * imagesCount with it. Idempotent: the same photo id answers the same photo.
 */
export async function recordServicePhoto(
  repos: Repos,
  storage: PhotoStorage,
  authorization: string | undefined,
  photo: { serviceId: string; photoId: string },
  origin: string,
  now: Date = new Date(),
): Promise<ServicePhoto> {
  await authorizeService(repos, authorization, photo.serviceId);
  const size = await arrivedSize(storage, photo, 'customer', now);
  const outcome = await repos.services.recordPhoto({ ...photo, size, now }, refuseEnded);
  if (outcome.kind === 'no-service') {
    throw new AppError('FORBIDDEN', 'This token does not give access to that service');
  }
  if (outcome.kind === 'no-photo') {
    throw new AppError('NOT_FOUND', `Photo '${photo.photoId}' has no upload URL on this service`);
  }
  return toServicePhoto(outcome.photo, storage.store, origin, now);
}

/** The photos recorded on the service, for the holder of its token. */
export async function listServicePhotos(
  repos: Repos,
  storage: PhotoStorage,
  authorization: string | undefined,
  serviceId: string,
  origin: string,
  now: Date = new Date(),
): Promise<ServicePhotosResponse> {
  await authorizeService(repos, authorization, serviceId);
  return photosOf(storage, serviceId, origin, now);
}

/** The photos recorded on the service, for an operator (404 when there is no such service). */
export async function listServicePhotosForOperator(
  repos: Repos,
  storage: PhotoStorage,
  serviceId: string,
  origin: string,
  now: Date = new Date(),
): Promise<ServicePhotosResponse> {
  if ((await repos.services.findTokenHash(serviceId)) === undefined) {
    throw new AppError('NOT_FOUND', `Service '${serviceId}' was not found`);
  }
  return photosOf(storage, serviceId, origin, now);
}
