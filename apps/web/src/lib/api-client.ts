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
    const headers = callHeaders(appKey, options.token, body);
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
    if (!response.ok) throw refusal(response.status, payload);
    return parseAnswer(response.status, payload, schema);
  }

  return {
    get: (path, schema, options) => call('GET', path, undefined, schema, options),
    post: (path, body, schema, options) => call('POST', path, body, schema, options),
    patch: (path, body, schema, options) => call('PATCH', path, body, schema, options),
  };
}

/** One call of an app's own API (the driver app's, the dispatcher's console): a full URL. */
export interface AppCall {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  appKey: string;
  /** The app's bearer token; a sign-in has none. */
  token?: string | null | undefined;
  body?: unknown;
  /** Headers a call adds, e.g. `idempotency-key`. */
  headers?: Record<string, string>;
  /** The caller's abort (a screen leaving): it rejects with the abort itself, not NETWORK. */
  signal?: AbortSignal | undefined;
  /** Milliseconds until the answer's head; TIMEOUT_MS unless the call waits longer (a long poll). */
  timeoutMs?: number | undefined;
  fetchFn?: typeof fetch | undefined;
}

/**
 * Sends one call with the app key and bearer token and answers the response when it is 2xx. A lost
 * connection or the deadline is NETWORK; a refusal is the API's `{ code, message, field? }`.
 */
export async function sendAppCall(call: AppCall): Promise<Response> {
  const headers = callHeaders(call.appKey, call.token, call.body);
  for (const [name, value] of Object.entries(call.headers ?? {})) headers.set(name, value);
  const deadline = abortAfter(call.timeoutMs ?? TIMEOUT_MS, call.signal);
  let response: Response;
  try {
    response = await (call.fetchFn ?? fetch)(call.url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: deadline.signal,
    });
  } catch (error) {
    if (call.signal?.aborted) throw error;
    throw new ApiRequestError(0, 'NETWORK', String(error));
  } finally {
    deadline.clear();
  }
  if (!response.ok) {
    throw refusal(response.status, await response.json().catch(() => undefined));
  }
  return response;
}

/** The body of a 2xx answer, checked against the contract's schema. */
export async function readAppAnswer<S extends z.ZodMiniType>(
  response: Response,
  schema: S,
): Promise<z.infer<S>> {
  return parseAnswer(response.status, await response.json().catch(() => undefined), schema);
}

function callHeaders(appKey: string, token: string | null | undefined, body: unknown): Headers {
  const headers = new Headers([
    ['accept', 'application/json'],
    ['x-api-key', appKey],
  ]);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return headers;
}

/** A refused call as the API worded it, or INTERNAL when the body is not the API's error. */
function refusal(status: number, payload: unknown): ApiRequestError {
  const apiError = ApiErrorSchema.safeParse(payload);
  return apiError.success
    ? new ApiRequestError(status, apiError.data.code, apiError.data.message, apiError.data.field)
    : new ApiRequestError(status, 'INTERNAL', `HTTP ${status}`);
}

function parseAnswer<S extends z.ZodMiniType>(
  status: number,
  payload: unknown,
  schema: S,
): z.infer<S> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiRequestError(status, 'INVALID_RESPONSE', parsed.error.message);
  }
  return parsed.data;
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

/** `?a=1&b=2` from query values, without null and undefined; empty when none is left. */
export function queryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
