import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_HTTP_STATUS, type ApiError, type ErrorCode } from '@auxilio/domain';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import { AppError, routeNotFound } from '../../lib/errors.ts';

// The one error handler (CONVENTIONS "Errors"): every error answers `{ code, message }` with a
// stable code from packages/domain/src/errors.ts; 400s name the failing field; 5xx bodies never
// carry internals (details go to the log only).

/** The stable code of each HTTP status, the inverse of the domain's ERROR_HTTP_STATUS. */
const CODE_BY_STATUS = new Map<number, ErrorCode>();
for (const [code, status] of Object.entries(ERROR_HTTP_STATUS)) {
  // The general code of a status is the first listed with it (409: CONFLICT, 402: PAYMENT_DECLINED).
  if (!CODE_BY_STATUS.has(status)) CODE_BY_STATUS.set(status, code as ErrorCode);
}

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

/** Errors of the network that mean "the database cannot be reached right now". */
const CONNECTION_ERROR_CODES = new Set([
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

/**
 * What node-postgres says, without a code, when a connection is lost or cannot be had in time
 * (docs/decisions/495): the server went away, the pool could not connect, a query timed out.
 */
const CONNECTION_LOSS_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/** The error and its causes, outermost first (Drizzle wraps the driver's error). */
function* chainOf(error: unknown): Generator<Error> {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    yield current;
    current = current.cause;
  }
}

/** The `code` of the error or of one of its causes. */
function* codesOf(error: unknown): Generator<string> {
  for (const current of chainOf(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') yield code;
  }
}

function isConnectionLoss(error: unknown): boolean {
  for (const current of chainOf(error)) {
    if (CONNECTION_LOSS_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
  }
  return [...codesOf(error)].some(
    (code) => CONNECTION_ERROR_CODES.has(code) || code.startsWith('08'),
  );
}

/** Seconds a client waits before retrying a 503 (Retry-After): a database restart takes seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Database failures that are not bugs (docs/decisions/490): the database is unreachable → 503,
 * so clients retry; it refused a value of the request (SQLSTATE class 22 "data exception", e.g. a
 * NUL character in a text or a number out of range) → 400, since no input may cause a 5xx.
 */
function databaseFailure(error: unknown): { status: number; body: ApiError } | undefined {
  if (isConnectionLoss(error)) {
    return {
      status: 503,
      body: { code: 'UNAVAILABLE', message: 'Service temporarily unavailable; try again shortly' },
    };
  }
  for (const code of codesOf(error)) {
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

/** The answer to a connection error Node raises before Fastify sees a request. */
function clientError(code: string): { status: number; body: ApiError } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        body: { code: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time' },
      };
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        body: { code: 'BAD_REQUEST', message: 'The request headers are too large' },
      };
    default:
      return { status: 400, body: { code: 'BAD_REQUEST', message: 'Malformed HTTP request' } };
  }
}

/**
 * Fastify's `clientErrorHandler` option (set in app.ts): a client too slow to send its request
 * (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS; decision 500) or one that sends no valid HTTP gets
 * `{ code, message }` like any other error, then the connection is closed.
 */
export function clientErrorReply(
  this: FastifyInstance,
  error: ConnectionError,
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = clientError(error.code);
  this.log.debug({ code: error.code }, 'connection refused before a request');
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(json)}\r\n` +
        `connection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

function errorHandlerPlugin(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toApiError(error, request.id);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: body.code, message: body.message }, 'request rejected');
    }
    // Every 503 says when to come back (a dependency is gone for a moment, decision 495).
    if (status === 503) reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler((request) => {
    // Thrown, so the error handler writes it like every other error.
    throw routeNotFound(request.method, request.url.split('?')[0] ?? '/');
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
