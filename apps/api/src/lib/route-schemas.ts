import { ApiErrorSchema } from '@auxilio/domain';
import { z } from 'zod';

/** Error responses shared by routes, so OpenAPI documents the `{ code, message }` body of each. */
export const ERROR_RESPONSES = {
  400: ApiErrorSchema.with(z.describe('Malformed request; `field` names the first failing field')),
  404: ApiErrorSchema.with(z.describe('Not found')),
  // Any route, whatever its own errors: the body size limit (docs/decisions/471).
  413: ApiErrorSchema.with(
    z.describe('The request body is over the size limit (PAYLOAD_TOO_LARGE)'),
  ),
  // Any route with a body: a content type other than JSON (docs/decisions/490).
  415: ApiErrorSchema.with(z.describe('The request body is not `application/json`')),
  429: ApiErrorSchema.with(
    z.describe('Too many requests from this client; see Retry-After (RATE_LIMITED)'),
  ),
  500: ApiErrorSchema.with(z.describe('Unexpected error; the message never carries internals')),
} as const;

/** The same plus 401 for routes behind the app key (ARCHITECTURE decision 9). */
export const APP_KEY_ERROR_RESPONSES = {
  ...ERROR_RESPONSES,
  401: ApiErrorSchema.with(z.describe('Missing or wrong `x-api-key`')),
} as const;

/** OpenAPI security requirement of the common API. */
export const APP_KEY_SECURITY = [{ appKey: [] }];

/** 304 for a conditional GET whose ETag still matches (no body). */
export const NOT_MODIFIED = z
  .null()
  .describe('Not modified: the ETag in If-None-Match still matches');

/**
 * The body of a file answer (an image, a video, a font): bytes, not JSON. `format: binary` is how
 * Swagger UI and client generators know to treat it as a file.
 */
export function fileBody(description: string) {
  return z.string().meta({ format: 'binary' }).describe(description);
}
