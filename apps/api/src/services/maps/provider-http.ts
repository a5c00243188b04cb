import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

// One way to call a maps provider (docs/decisions/420): a timeout on every call, and every failure
// of the provider (network, timeout, 429, 5xx, an unexpected 4xx, a body we cannot read) becomes our
// 503 UNAVAILABLE, never a 500. Messages name the provider and what went wrong, never the URL: the
// Geocoding API takes its key in the query string, and error messages reach logs and callers.

/** The provider's reply when it answered with a status the adapter handles itself. */
export interface ProviderReply {
  status: number;
  body: unknown;
}

export interface ProviderRequest {
  /** Short provider name for messages, e.g. 'google-routes'. */
  provider: string;
  url: URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  timeoutMs: number;
  /**
   * 4xx statuses whose body the adapter reads (e.g. OSRM's 400 NoRoute, Google's 404 for a place
   * that is gone). Any other status outside 2xx is a 503.
   */
  readableErrorStatuses?: readonly number[];
}

/** Our 503 for a provider failure; the message is safe to log and to return. */
export function providerUnavailable(provider: string, reason: string): AppError {
  return new AppError('UNAVAILABLE', `Maps provider unavailable (${provider}: ${reason})`);
}

/** Calls the provider and returns its status and parsed JSON body. */
export async function callProvider(request: ProviderRequest): Promise<ProviderReply> {
  const { provider } = request;
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.json === undefined ? undefined : JSON.stringify(request.json),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    throw providerUnavailable(provider, isTimeout(error) ? 'timed out' : 'unreachable');
  }
  const readable = response.ok || (request.readableErrorStatuses ?? []).includes(response.status);
  if (!readable) {
    // Release the connection; the body of a failure is not needed.
    await response.body?.cancel().catch(() => undefined);
    throw providerUnavailable(provider, `HTTP ${String(response.status)}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch (error) {
    throw providerUnavailable(provider, isTimeout(error) ? 'timed out' : 'malformed response');
  }
  return { status: response.status, body };
}

/** Parses a provider body with its schema; a body of another shape is a 503. */
export function parseProviderBody<T extends z.ZodType>(
  provider: string,
  schema: T,
  body: unknown,
): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw providerUnavailable(provider, 'malformed response');
  return parsed.data;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** `base` (which may carry a path prefix) joined with `path`, plus query parameters in order. */
export function providerUrl(
  base: string,
  path: string,
  query: [name: string, value: string][] = [],
): URL {
  const url = new URL(base.replace(/\/+$/, '') + path);
  for (const [name, value] of query) url.searchParams.append(name, value);
  return url;
}
