import { z } from 'zod';
import { IsoDateTimeSchema, ServiceIdSchema } from './primitives.ts';

/**
 * `POST /generate-download-url` of the storage service. SPEC 7: "{url}; JSON content type and
 * API-key header; success on status 200 with signedUrl". `url` must name an object of our own store
 * (decision 403).
 */
export const GenerateDownloadUrlRequestSchema = z.object({ url: z.string().min(1).max(2000) });
export type GenerateDownloadUrlRequest = z.infer<typeof GenerateDownloadUrlRequestSchema>;

export const GenerateDownloadUrlResponseSchema = z.object({ signedUrl: z.string().min(1) });
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

/** `POST /generate-upload-url` (ours, decision 404): a signed URL to PUT one file of a service. */
export const GenerateUploadUrlRequestSchema = z.object({
  serviceId: ServiceIdSchema,
  contentType: UploadContentTypeSchema,
});
export type GenerateUploadUrlRequest = z.infer<typeof GenerateUploadUrlRequestSchema>;

export const GenerateUploadUrlResponseSchema = z.object({
  /** PUT the file's bytes here, with the headers below, before `expiresAt`. */
  signedUrl: z.string().min(1),
  method: z.literal('PUT'),
  headers: z.object({ 'content-type': UploadContentTypeSchema }),
  /** The object's own URL: what `generate-download-url` signs later. */
  url: z.string().min(1),
  expiresAt: IsoDateTimeSchema,
});
export type GenerateUploadUrlResponse = z.infer<typeof GenerateUploadUrlResponseSchema>;
