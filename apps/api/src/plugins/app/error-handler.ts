import { ERROR_HTTP_STATUS, type ApiError, type ErrorCode } from '@auxilio/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, routeNotFound } from '../../lib/errors.ts';

// The one error handler (CONVENTIONS "Errors"): every error answers `{ code, message }` with a
// stable code from packages/domain/src/errors.ts; 400s name the failing field; 5xx bodies never
// carry internals (details go to the log only).

/** The stable code of each HTTP status, the inverse of the domain's ERROR_HTTP_STATUS. */
const CODE_BY_STATUS = new Map(
  Object.entries(ERROR_HTTP_STATUS).map(([code, status]) => [status, code as ErrorCode]),
);

/** Code for a framework error that carries only an HTTP status (bad JSON, body too large, ...). */
function codeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS.get(status) ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

interface ValidationFailure {
  field: string;
  message: string;
}

/** The first failing field of a schema validation error, as `params.id` / `body.client.phone`. */
function firstValidationFailure(error: FastifyError): ValidationFailure | undefined {
  const first = error.validation?.[0];
  if (!first) return undefined;
  const context = error.validationContext ?? 'request';
  const path = first.instancePath
    .split('/')
    .filter((segment) => segment !== '')
    .join('.');
  const field = path ? `${context}.${path}` : context;
  return { field, message: `${field}: ${first.message ?? 'Invalid value'}` };
}

function toApiError(error: FastifyError, requestId: string): { status: number; body: ApiError } {
  if (error instanceof AppError) {
    const body: ApiError = { code: error.code, message: error.message };
    if (error.field) body.field = error.field;
    return { status: error.statusCode, body };
  }
  const failure = firstValidationFailure(error);
  if (failure) {
    return { status: 400, body: { code: 'BAD_REQUEST', ...failure } };
  }
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
      ? error.statusCode
      : 500;
  if (status < 500) {
    // Fastify's own 4xx messages describe the request, not the server ("Body is not valid JSON").
    return { status, body: { code: codeForStatus(status), message: error.message } };
  }
  const code = codeForStatus(status);
  const message =
    code === 'UNAVAILABLE'
      ? `Service temporarily unavailable (request ${requestId})`
      : `Internal server error (request ${requestId})`;
  return { status, body: { code, message } };
}

function errorHandlerPlugin(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toApiError(error, request.id);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: body.code, message: body.message }, 'request rejected');
    }
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler((request) => {
    // Thrown, so the error handler writes it like every other error.
    throw routeNotFound(request.method, request.url.split('?')[0] ?? '/');
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
