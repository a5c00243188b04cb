import { ApiErrorSchema, type ErrorCode } from '@auxilio/domain';
import type { z } from 'zod';

// One typed fetch for the common API: the app key header on every call (ARCHITECTURE decision 9),
// the service's bearer token when a call needs it (SPEC 6), bodies parsed with the contract schemas
// of @auxilio/domain, errors as `{ code, message, field? }`.

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

export interface ApiClientOptions {
  /** Base URL of the service, e.g. `/common`. */
  baseUrl: string;
  appKey: string;
  fetchFn?: typeof fetch;
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
  get<S extends z.ZodType>(path: string, schema: S, options?: CallOptions): Promise<z.infer<S>>;
  post<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: CallOptions,
  ): Promise<z.infer<S>>;
  patch<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: CallOptions,
  ): Promise<z.infer<S>>;
}

export function createApiClient({ baseUrl, appKey, fetchFn }: ApiClientOptions): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function call<S extends z.ZodType>(
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
    let response: Response;
    try {
      response = await (fetchFn ?? fetch)(`${base}${path}${queryString(options.query)}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
      });
    } catch (error) {
      throw new ApiRequestError(0, 'NETWORK', String(error));
    }
    const payload: unknown = await response.json().catch(() => undefined);
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

function queryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
