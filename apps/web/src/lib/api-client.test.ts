import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ApiRequestError, createApiClient } from './api-client.ts';

// A real HTTP server on loopback: one path answers at once, one never finishes its answer, one
// sends its headers and then stalls the body (a weak signal dropping mid-answer).
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith('/fast')) {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ ok: true, key: request.headers['x-api-key'] }));
    } else if (request.url?.startsWith('/stalled-body')) {
      response.setHeader('content-type', 'application/json');
      response.write('{"ok":');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const Answer = z.object({ ok: z.boolean(), key: z.optional(z.string()) });

async function failureOf(call: Promise<unknown>): Promise<ApiRequestError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe('the API client', () => {
  it('answers a call with the parsed body and sends the app key', async () => {
    const api = createApiClient({ baseUrl, appKey: 'app-key-1', timeoutMs: 1000 });
    await expect(api.get('/fast', Answer)).resolves.toEqual({ ok: true, key: 'app-key-1' });
  });

  it('fails a call with no answer as NETWORK once its time is up', async () => {
    const api = createApiClient({ baseUrl, appKey: 'k', timeoutMs: 150 });
    const startedAt = Date.now();
    const error = await failureOf(api.get('/silent', Answer));
    expect(error.code).toBe('NETWORK');
    expect(error.message).toMatch(/no answer within 150 ms/);
    expect(Date.now() - startedAt).toBeLessThan(5000);
  });

  it('fails a call whose answer stalls half-way as NETWORK, not as a parsed empty body', async () => {
    const api = createApiClient({ baseUrl, appKey: 'k', timeoutMs: 150 });
    const error = await failureOf(api.post('/stalled-body', { a: 1 }, Answer));
    expect(error.code).toBe('NETWORK');
    expect(error.message).toMatch(/no answer within 150 ms/);
  });

  it('fails at once when the caller cancels, before the time is up', async () => {
    const api = createApiClient({ baseUrl, appKey: 'k', timeoutMs: 60_000 });
    const controller = new AbortController();
    const call = api.get('/silent', Answer, { signal: controller.signal });
    controller.abort();
    const error = await failureOf(call);
    expect(error.code).toBe('NETWORK');
    expect(error.message).not.toMatch(/no answer within/);
  });
});
