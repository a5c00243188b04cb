import { randomUUID } from 'node:crypto';
import type {
  GenerateDownloadUrlResponse,
  GenerateUploadUrlRequest,
  GenerateUploadUrlResponse,
} from '@auxilio/domain';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { PhotoTaker } from '../../db/schema.ts';
import type { UploadsRepository } from '../../repositories/uploads.ts';
import { authorizeService } from '../service-tokens.ts';
import { photoObjectKey, type ObjectStore } from './object-store.ts';

// SPEC 7 "POST /generate-download-url (storage manager service) {url}; ... success on status 200
// with signedUrl", and the upload URL that puts the objects there (decisions 403-404).

/** SPEC 2 accident documentation; the same bound as situation-specification's imagesCount. */
export const MAX_UPLOADS_PER_SERVICE = 50;

/**
 * Signs a download URL for one object of our own store. Never an arbitrary URL: the URL must be
 * this store's URL of a key that was handed out for upload (decision 403), so the service cannot be
 * used to sign someone else's bucket or to reach another host.
 */
export async function generateDownloadUrl(
  uploads: UploadsRepository,
  store: ObjectStore,
  rawUrl: string,
  origin: string,
  now: Date = new Date(),
): Promise<GenerateDownloadUrlResponse> {
  let url: URL;
  try {
    url = new URL(rawUrl, origin);
  } catch {
    throw new AppError('BAD_REQUEST', 'url: not a URL', 'body.url');
  }
  const key = store.keyOf(url, origin);
  if (!key) {
    throw new AppError('BAD_REQUEST', 'url: not an object of this storage service', 'body.url');
  }
  if (!(await uploads.findByKey(key))) throw notFound('Object', key);
  const signed = await store.signDownload(key, origin, now);
  return { signedUrl: signed.url };
}

/**
 * A URL to PUT one photo of the service (decisions 404, 660): exactly `size` bytes of
 * `contentType`, at most `maxBytes`, under the key of the photo id. Asking again for the same photo
 * id signs the same key again (a retry after a lost answer or an expired URL): never a second object.
 */
export async function generateUploadUrl(
  repos: Pick<Repositories, 'services'>,
  uploads: UploadsRepository,
  store: ObjectStore,
  authorization: string | undefined,
  body: GenerateUploadUrlRequest,
  origin: string,
  maxBytes: number,
  now: Date = new Date(),
): Promise<GenerateUploadUrlResponse> {
  await authorizeService(repos, authorization, body.serviceId);
  return signPhotoUpload(uploads, store, body, 'customer', origin, maxBytes, now);
}

/**
 * The upload URL of one photo of the service taken by `takenBy`, once the caller may add it: the
 * same content types, size limit and count per service for the customer's photos and the driver's.
 */
export async function signPhotoUpload(
  uploads: UploadsRepository,
  store: ObjectStore,
  body: GenerateUploadUrlRequest,
  takenBy: PhotoTaker,
  origin: string,
  maxBytes: number,
  now: Date,
): Promise<GenerateUploadUrlResponse> {
  if (body.size > maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `A file may have at most ${maxBytes} bytes`,
      'body.size',
    );
  }
  let upload = await uploads.findPhoto(body.serviceId, body.photoId, takenBy);
  if (!upload) {
    if ((await uploads.countForService(body.serviceId, takenBy)) >= MAX_UPLOADS_PER_SERVICE) {
      throw new AppError('CONFLICT', `A service keeps at most ${MAX_UPLOADS_PER_SERVICE} files`);
    }
    upload = await uploads.createPhotoOnce({
      id: randomUUID(),
      serviceId: body.serviceId,
      photoId: body.photoId,
      key: photoObjectKey(body.serviceId, body.photoId, body.contentType),
      contentType: body.contentType,
      takenBy,
    });
  }
  if (upload.takenBy !== takenBy) {
    throw new AppError('CONFLICT', `Photo ${body.photoId} is taken; use a new photo id`);
  }
  if (upload.recordedAt) {
    // A recorded photo is evidence of the accident: its bytes are not replaced.
    throw new AppError('CONFLICT', `Photo ${body.photoId} is already recorded on the service`);
  }
  if (upload.contentType !== body.contentType) {
    throw new AppError(
      'CONFLICT',
      `Photo ${body.photoId} is a ${upload.contentType} file of this service; use a new photo id`,
    );
  }
  const { key } = upload;
  const signed = await store.signUpload(key, body.contentType, body.size, origin, now);
  return {
    signedUrl: signed.url,
    method: 'PUT',
    headers: { 'content-type': body.contentType },
    url: store.objectUrl(key, origin),
    expiresAt: signed.expiresAt.toISOString(),
  };
}
