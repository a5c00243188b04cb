import type { FastifyInstance } from 'fastify';
import type { ObservedResponse } from './openapi-document.ts';
import type { FuzzRequest } from './request-arbitrary.ts';

// Two ways to send a fuzz request: `app.inject` (no sockets, fast) for ordinary calls, and real
// HTTP for a Server-Sent Events stream, which never ends by itself: its head is checked, then the
// connection is dropped.

export async function sendByInject(
  app: FastifyInstance,
  request: FuzzRequest,
): Promise<ObservedResponse> {
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const contentType = response.headers['content-type'];
  return {
    status: response.statusCode,
    contentType: typeof contentType === 'string' ? contentType : undefined,
    body: response.body,
  };
}

/** How long a stream may take to answer its head. */
const STREAM_HEAD_TIMEOUT_MS = 5_000;

export async function sendOverHttp(
  baseUrl: string,
  request: FuzzRequest,
): Promise<ObservedResponse> {
  const abort = new AbortController();
  const timer = setTimeout(() => {
    abort.abort();
  }, STREAM_HEAD_TIMEOUT_MS);
  try {
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { body: request.payload }),
      signal: abort.signal,
    });
    const contentType = response.headers.get('content-type') ?? undefined;
    if (contentType?.startsWith('text/event-stream')) {
      // An open stream: the head is what can be checked; the first bytes prove it is flowing.
      const reader = response.body?.getReader();
      const first = (await reader?.read()) as { value?: Uint8Array } | undefined;
      abort.abort();
      return {
        status: response.status,
        contentType,
        body: new TextDecoder().decode(first?.value ?? new Uint8Array()),
      };
    }
    return { status: response.status, contentType, body: await response.text() };
  } finally {
    clearTimeout(timer);
  }
}
