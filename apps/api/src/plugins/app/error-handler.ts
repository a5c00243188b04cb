import { ERROR_HTTP_STATUS, type ApiError, type ErrorCode } from '@auxilio/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** Errors of the driver or the network that mean "the database cannot be reached right now". */
const CONNECTION_ERROR_CODES = new Set([
  // postgres-js
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  // node:net
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  // SQLSTATE: the server is shutting down, starting, or out of connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** The `code` of the error or of one of its causes (Drizzle wraps the driver's error). */
function* codesOf(error: unknown): Generator<string> {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') yield code;
    current = current.cause;
  }
}

/**
 * Database failures that are not bugs (docs/decisions/490): the database is unreachable → 503,
 * so clients retry; it refused a value of the request (SQLSTATE class 22 "data exception", e.g. a
 * NUL character in a text or a number out of range) → 400, since no input may cause a 5xx.
 */
function databaseFailure(error: unknown): { status: number; body: ApiError } | undefined {
  for (const code of codesOf(error)) {
    if (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08')) {
      return {
        status: 503,
        body: {
          code: 'UNAVAILABLE',
          message: 'Service temporarily unavailable; try again shortly',
        },
      };
    }
    if (/^22[0-9A-Z]{3}$/.test(code)) {
      return {
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: 'A value of the request cannot be stored or compared',
        },
      };
    }
  }
  return undefined;
}

function toApiError(error: FastifyError, requestId: string): { status: number; body: ApiError } {
  if (error instanceof AppError) {
    const body: ApiError = { code: error.code, message: error.message };
    if (error.field) body.field = error.field;
    return { status: error.statusCode, body };
  }
  const database = databaseFailure(error);
  if (database) return database;
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

/** The answer to an error Fastify raises before routing, by its code. */
function frameworkError(error: FastifyError): { status: number; body: ApiError } {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return {
        status: 400,
        body: { code: 'BAD_REQUEST', message: 'The URL path does not decode', field: 'params' },
      };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return {
        status: 400,
        body: { code: 'BAD_REQUEST', message: 'A path parameter is too long', field: 'params' },
      };
    default:
      return { status: 500, body: { code: 'INTERNAL', message: 'Internal server error' } };
  }
}

/**
 * Fastify's `frameworkErrors` option (set in app.ts): a URL that does not decode or a path
 * parameter over the router's length limit answers `{ code, message, field }` like any other
 * error, not Fastify's own body (found by the OpenAPI fuzz test).
 */
export function frameworkErrorReply(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { status, body } = frameworkError(error);
  request.log.info({ code: error.code }, 'request rejected before routing');
  // A string body: this reply belongs to no route, so it has no serializer of its own.
  void reply
    .code(status)
    .header('x-request-id', request.id)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
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
