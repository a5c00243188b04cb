import {
  GenerateUploadUrlRequestSchema,
  GenerateUploadUrlResponseSchema,
  type GenerateUploadUrlRequest,
  type GenerateUploadUrlResponse,
} from '@auxilio/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/**
 * `POST /storage/generate-upload-url` (decisions 404, 660) with the service's bearer token: the
 * signed URL that takes exactly this photo's bytes, under its photo id.
 */
export function generateUploadUrl(
  storageApi: ApiClient,
  token: string | null,
  input: GenerateUploadUrlRequest,
): Promise<GenerateUploadUrlResponse> {
  return storageApi.post(
    '/generate-upload-url',
    GenerateUploadUrlRequestSchema.parse(input),
    GenerateUploadUrlResponseSchema,
    { token },
  );
}
