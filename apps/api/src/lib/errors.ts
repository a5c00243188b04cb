import { ERROR_HTTP_STATUS, type ErrorCode } from '@auxilio/domain';

/**
 * An error meant for the caller: the error handler answers `{ code, message, field? }` with the HTTP
 * status of `code` (CONVENTIONS "Errors"). Anything else thrown becomes a generic 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** For BAD_REQUEST: the dotted path of the field that failed. */
  readonly field: string | undefined;

  constructor(code: ErrorCode, message: string, field?: string) {
    super(message);
    this.code = code;
    this.statusCode = ERROR_HTTP_STATUS[code];
    this.field = field;
  }
}

/** 404 for a resource that does not exist, e.g. `notFound('Account', id)`. */
export function notFound(resource: string, id: string): AppError {
  return new AppError('NOT_FOUND', `${resource} '${id}' was not found`);
}

/** 404 for a path that no route serves (same text from the catch-all and the not-found handler). */
export function routeNotFound(method: string, path: string): AppError {
  return new AppError('NOT_FOUND', `Route ${method} ${path} not found`);
}
