import { describe, expect, it, vi } from 'vitest';
import { testService } from '../test/service-fixture.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { prefetchSessionService, serviceKeys } from './service-query.ts';

function fakeApi(get: ApiClient['get']): ApiClient {
  return { get } as ApiClient;
}

describe("a page opened on a tracking screen reads the session's service at once", () => {
  it('puts the service in the cache the screen reads, with the session token', async () => {
    const service = testService();
    const get = vi.fn(() => Promise.resolve(service)) as unknown as ApiClient['get'];
    const queryClient = createQueryClient();
    prefetchSessionService({
      queryClient,
      api: fakeApi(get),
      session: { serviceId: service._id, token: 'service-token' },
    });
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(serviceKeys.detail(service._id))).toEqual(service);
    });
    expect(get).toHaveBeenCalledWith(`/services/${service._id}`, expect.anything(), {
      token: 'service-token',
    });
  });

  it('reads nothing without a service in the session, and keeps a failed read quiet', async () => {
    const get = vi.fn(() => Promise.reject(new Error('offline'))) as unknown as ApiClient['get'];
    const queryClient = createQueryClient();
    prefetchSessionService({
      queryClient,
      api: fakeApi(get),
      session: { serviceId: null, token: null },
    });
    expect(get).not.toHaveBeenCalled();
    prefetchSessionService({
      queryClient,
      api: fakeApi(get),
      session: { serviceId: 's1', token: 't' },
    });
    // After the app's one retry (lib/query-client.ts), a second later.
    await vi.waitFor(
      () => {
        expect(queryClient.getQueryState(serviceKeys.detail('s1'))?.status).toBe('error');
      },
      { timeout: 3_000 },
    );
  });
});
