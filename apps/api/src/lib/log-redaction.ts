import type { FastifyServerOptions } from 'fastify';

// Request logs never carry a credential (docs/decisions/501). URLs carry some in their query:
// the shared link's `t`, the event streams' `token` and `key` (EventSource sends no headers,
// decision 222), the signed storage URLs' `signature`, the sign-in callback's `code`. Only values
// known to be harmless are printed; every other value becomes REDACTED, its name stays.

/** What a redacted value reads as in a log line. */
export const REDACTED = '[REDACTED]';

/** Query parameters whose values say nothing secret or personal: brand, language, screen, seq. */
const PRINTABLE_QUERY_PARAMS = new Set(['brand', 'account', 'lang', 'redirect', 'lastEventId']);

/** `url` with the value of every query parameter not known to be harmless replaced by REDACTED. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      if (equals < 0 || PRINTABLE_QUERY_PARAMS.has(decodedName(name))) return pair;
      return `${name}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** The fields of a request the serializer reads; anything logged under `req` may be partial. */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Fastify's request serializer with the URL redacted; like Fastify's, it prints no header. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    version: firstValue(request.headers?.['accept-version']),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Headers that hold credentials, wherever a log call puts a `headers` object: top level, or one
 * level down (`req.headers`, `err.headers`, `res.headers`).
 */
const SECRET_HEADERS = ['.authorization', '.cookie', '["set-cookie"]', '["proxy-authorization"]'];
const REDACT_PATHS = SECRET_HEADERS.flatMap((header) => [`headers${header}`, `*.headers${header}`]);

type LoggerOptions = FastifyServerOptions['logger'];

/**
 * The logger options with the request serializer and the header redaction added; `false` (no
 * logs) stays as it is. Applied by buildApp to whatever options it is given (server, tests).
 */
export function withLogRedaction(options: LoggerOptions): LoggerOptions {
  if (options === false || options === undefined) return options;
  const base = options === true ? {} : options;
  const ownPaths = Array.isArray(base.redact) ? base.redact : (base.redact?.paths ?? []);
  return {
    ...base,
    serializers: { ...base.serializers, req: serializeRequest },
    redact: { paths: [...REDACT_PATHS, ...ownPaths], censor: REDACTED },
  };
}
