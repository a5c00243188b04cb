import { z } from 'zod/mini';

/**
 * Stable error codes of the API. Every error body is `{ code, message }`; the PWA maps the code to
 * translated text (CONVENTIONS "Errors"). Add codes here, never inline strings in a route.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  /** Existed once and is over for good, e.g. an expired shared tracking link (decision 474). */
  'GONE',
  'CONFLICT',
  'PAYMENT_DECLINED',
  /** Something is due and the request names no payment (decision 434). */
  'PAYMENT_REQUIRED',
  /**
   * The payment the request names does not pay it: unknown to the provider, not completed, another
   * amount or currency, or already used for something else (decision 434).
   */
  'PAYMENT_INVALID',
  'PAYLOAD_TOO_LARGE',
  /** The client took too long to send its request (decision 500). */
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ApiErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  /** For BAD_REQUEST: the dotted path of the first field that failed. */
  field: z.optional(z.string()),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** HTTP status of each error code. */
export const ERROR_HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  GONE: 410,
  CONFLICT: 409,
  PAYMENT_DECLINED: 402,
  PAYMENT_REQUIRED: 402,
  PAYMENT_INVALID: 409,
  PAYLOAD_TOO_LARGE: 413,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};
