import { z } from 'zod/mini';
import { IsoDateTimeSchema, MAX_DB_INTEGER, ServiceIdSchema } from './primitives.ts';

/**
 * `POST /generate-download-url` of the storage service. SPEC 7: "{url}; JSON content type and
 * API-key header; success on status 200 with signedUrl". `url` must name an object of our own store
 * (decision 403).
 */
export const GenerateDownloadUrlRequestSchema = z.object({
  url: z.string().check(z.minLength(1), z.maxLength(2000)),
});
export type GenerateDownloadUrlRequest = z.infer<typeof GenerateDownloadUrlRequestSchema>;

export const GenerateDownloadUrlResponseSchema = z.object({
  signedUrl: z.string().check(z.minLength(1)),
});
export type GenerateDownloadUrlResponse = z.infer<typeof GenerateDownloadUrlResponseSchema>;

/**
 * What the storage service accepts (accident documentation, SPEC 2 /tracking/coninspection; SPEC 5
 * "Image extension from type: png, jpg, jpeg, mp4").
 */
export const UPLOAD_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'video/mp4',
] as const;
export const UploadContentTypeSchema = z.enum(UPLOAD_CONTENT_TYPES);
export type UploadContentType = z.infer<typeof UploadContentTypeSchema>;

/**
 * A photo's id, made by the phone (a random v4 UUID, lower case): the last part of its object key and
 * the idempotency key of its upload and of its record on the service, so a retry on a weak signal
 * never makes a second object or a second photo (decision 660).
 */
export const PhotoIdSchema = z
  .string()
  .check(
    z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Expected a UUID'),
  );
export type PhotoId = z.infer<typeof PhotoIdSchema>;

/**
 * `POST /generate-upload-url` (ours, decisions 404 and 660): a signed URL to PUT one file of a
 * service, `size` bytes of `contentType`; the same `photoId` always names the same object.
 */
export const GenerateUploadUrlRequestSchema = z.object({
  serviceId: ServiceIdSchema,
  photoId: PhotoIdSchema,
  contentType: UploadContentTypeSchema,
  /** Bytes the file has: the signed URL takes exactly that many (at most the store's limit). */
  size: z.number().check(z.int(), z.gte(1), z.lte(MAX_DB_INTEGER)),
});
export type GenerateUploadUrlRequest = z.infer<typeof GenerateUploadUrlRequestSchema>;

export const GenerateUploadUrlResponseSchema = z.object({
  /** PUT the file's bytes here, with the headers below, before `expiresAt`. */
  signedUrl: z.string().check(z.minLength(1)),
  method: z.literal('PUT'),
  headers: z.object({ 'content-type': UploadContentTypeSchema }),
  /** The object's own URL: what `generate-download-url` signs later. */
  url: z.string().check(z.minLength(1)),
  expiresAt: IsoDateTimeSchema,
});
export type GenerateUploadUrlResponse = z.infer<typeof GenerateUploadUrlResponseSchema>;

/**
 * `POST /common/api/v1/services/{id}/photos` (ours, decision 660): records a photo whose bytes were
 * PUT to its upload URL on the service. Recording it again answers the same photo.
 */
export const RecordServicePhotoRequestSchema = z.object({ photoId: PhotoIdSchema });
export type RecordServicePhotoRequest = z.infer<typeof RecordServicePhotoRequestSchema>;

/** One accident photo recorded on a service, with a signed, expiring URL that shows it. */
export const ServicePhotoSchema = z.object({
  photoId: PhotoIdSchema,
  contentType: UploadContentTypeSchema,
  /** Bytes stored. */
  size: z.number().check(z.int(), z.gte(1)),
  recordedAt: IsoDateTimeSchema,
  /**
   * Reads the photo until `expiresAt`; the list is read again for a fresh one. The object's own URL
   * is not given out: it would let anyone holding it sign reads later (decision 660).
   */
  signedUrl: z.string().check(z.minLength(1)),
  expiresAt: IsoDateTimeSchema,
});
export type ServicePhoto = z.infer<typeof ServicePhotoSchema>;

/** `GET /common/api/v1/services/{id}/photos` and the operator's read: oldest first. */
export const ServicePhotosResponseSchema = z.object({ photos: z.array(ServicePhotoSchema) });
export type ServicePhotosResponse = z.infer<typeof ServicePhotosResponseSchema>;
