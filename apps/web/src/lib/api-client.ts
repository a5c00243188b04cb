import { ApiErrorSchema, type ErrorCode } from '@auxilio/domain';
import type { z } from 'zod';

// One typed fetch for the common API: the app key header on every call (ARCHITECTURE decision 9),
// bodies parsed with the contract schemas of @auxilio/domain, errors as `{ code, message }`.

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK' | 'INVALID_RESPONSE',
    message: string,
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

export interface ApiClient {
  get<S extends z.ZodType>(path: string, schema: S, init?: RequestInit): Promise<z.infer<S>>;
}

export function createApiClient({ baseUrl, appKey, fetchFn }: ApiClientOptions): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async get(path, schema, init) {
      const doFetch = fetchFn ?? fetch;
      let response: Response;
      try {
        response = await doFetch(`${base}${path}`, {
          ...init,
          method: 'GET',
          headers: new Headers([
            ...new Headers(init?.headers).entries(),
            ['accept', 'application/json'],
            ['x-api-key', appKey],
          ]),
        });
      } catch (error) {
        throw new ApiRequestError(0, 'NETWORK', String(error));
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const apiError = ApiErrorSchema.safeParse(body);
        throw apiError.success
          ? new ApiRequestError(response.status, apiError.data.code, apiError.data.message)
          : new ApiRequestError(response.status, 'INTERNAL', `HTTP ${response.status}`);
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        throw new ApiRequestError(response.status, 'INVALID_RESPONSE', parsed.error.message);
      }
      return parsed.data;
    },
  };
}
