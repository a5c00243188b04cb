import { ApiErrorSchema, TIMEOUT_MS, type ErrorCode } from '@auxilio/domain';
import type { z } from 'zod/mini';

// One typed fetch for the common API: the app key header on every call (ARCHITECTURE decision 9),
// the service's bearer token when a call needs it (SPEC 6), bodies parsed with the contract schemas
// of @auxilio/domain, errors as `{ code, message, field? }`. A call that has not answered within
// SPEC 9's "timeout constant 5000" fails as NETWORK, so a screen on a weak signal offers its retry
// instead of waiting forever (creation is safe to retry: the API answers a retry with the same token).

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK' | 'INVALID_RESPONSE',
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * True when the API did not accept the payment a request named (decision 434): its provider did not
 * confirm it for this amount and service, or none was named; it is paid again, never resent.
 */
export function isPaymentRefused(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    (error.code === 'PAYMENT_INVALID' || error.code === 'PAYMENT_REQUIRED')
  );
}

export interface ApiClientOptions {
  /** Base URL of the service, e.g. `/common`. */
  baseUrl: string;
  appKey: string;
  fetchFn?: typeof fetch;
  /** Milliseconds a call may take, answer body included; TIMEOUT_MS unless a test says otherwise. */
  timeoutMs?: number;
}

/** Query values; null and undefined are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions {
  /** The service's bearer token (SPEC 6 "Driver calls use a bearer token for the service session"). */
  token?: string | null;
  query?: QueryParams;
  signal?: AbortSignal;
}

export interface ApiClient {
  get<S extends z.ZodMiniType>(path: string, schema: S, options?: CallOptions): Promise<z.infer<S>>;
  post<S extends z.ZodMiniType>(
    path: string,
    body: unknown,
    schema: S,
    options?: CallOptions,
  ): Promise<z.infer<S>>;
  patch<S extends z.ZodMiniType>(
    path: string,
    body: unknown,
    schema: S,
    options?: CallOptions,
  ): Promise<z.infer<S>>;
}

export function createApiClient({
  baseUrl,
  appKey,
  fetchFn,
  timeoutMs = TIMEOUT_MS,
}: ApiClientOptions): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function call<S extends z.ZodMiniType>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body: unknown,
    schema: S,
    options: CallOptions = {},
  ): Promise<z.infer<S>> {
    const headers = new Headers([
      ['accept', 'application/json'],
      ['x-api-key', appKey],
    ]);
    if (options.token) headers.set('authorization', `Bearer ${options.token}`);
    if (body !== undefined) headers.set('content-type', 'application/json');
    const deadline = abortAfter(timeoutMs, options.signal);
    let response: Response;
    let payload: unknown;
    try {
      response = await (fetchFn ?? fetch)(`${base}${path}${queryString(options.query)}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: deadline.signal,
      });
      payload = await response.json().catch(() => {
        if (deadline.timedOut()) throw new Error(`no answer within ${timeoutMs} ms`);
        return undefined;
      });
    } catch (error) {
      const reason = deadline.timedOut() ? `no answer within ${timeoutMs} ms` : String(error);
      throw new ApiRequestError(0, 'NETWORK', reason);
    } finally {
      deadline.clear();
    }
    if (!response.ok) {
      const apiError = ApiErrorSchema.safeParse(payload);
      throw apiError.success
        ? new ApiRequestError(
            response.status,
            apiError.data.code,
            apiError.data.message,
            apiError.data.field,
          )
        : new ApiRequestError(response.status, 'INTERNAL', `HTTP ${response.status}`);
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      throw new ApiRequestError(response.status, 'INVALID_RESPONSE', parsed.error.message);
    }
    return parsed.data;
  }

  return {
    get: (path, schema, options) => call('GET', path, undefined, schema, options),
    post: (path, body, schema, options) => call('POST', path, body, schema, options),
    patch: (path, body, schema, options) => call('PATCH', path, body, schema, options),
  };
}

/** A signal that aborts after `ms` or when the caller's own signal does (a query being cancelled). */
function abortAfter(ms: number, callerSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const forward = () => {
    controller.abort(callerSignal?.reason);
  };
  if (callerSignal?.aborted) forward();
  else callerSignal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forward);
    },
  };
}

function queryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
