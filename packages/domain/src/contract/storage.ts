import { z } from 'zod';

/**
 * `POST /generate-download-url` of the storage service. SPEC 7: "{url}; JSON content type and
 * API-key header; success on status 200 with signedUrl".
 */
export const GenerateDownloadUrlRequestSchema = z.object({ url: z.string().min(1).max(2000) });
export type GenerateDownloadUrlRequest = z.infer<typeof GenerateDownloadUrlRequestSchema>;

export const GenerateDownloadUrlResponseSchema = z.object({ signedUrl: z.string().min(1) });
export type GenerateDownloadUrlResponse = z.infer<typeof GenerateDownloadUrlResponseSchema>;
