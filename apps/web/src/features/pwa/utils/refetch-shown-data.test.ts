import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { refetchShownData } from './refetch-shown-data.ts';

// Decision 730: once the worker controls the first page, the reads it keeps (the account and the
// service types) are asked for again through it; nothing else on screen is asked twice.

describe('refetchShownData', () => {
  it('asks again for the kept reads on display, not for hidden ones nor other reads', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const account = vi.fn(() => Promise.resolve({ id: 'acc' }));
    const signInCode = vi.fn(() => Promise.resolve({ token: 't' }));
    const directions = vi.fn(() => Promise.resolve({ path: [] }));
    const unused = vi.fn(() => Promise.resolve([]));
    const shown = [
      new QueryObserver(client, { queryKey: ['accounts', 'acc'], queryFn: account }),
      new QueryObserver(client, {
        queryKey: ['sign-in', 'code'],
        queryFn: signInCode,
        refetchOnReconnect: false,
      }),
      new QueryObserver(client, { queryKey: ['map', 'directions'], queryFn: directions }),
    ];
    const stops = shown.map((observer) => observer.subscribe(() => undefined));
    await client.query({ queryKey: ['service-types'], queryFn: unused });
    await vi.waitFor(() => {
      expect(account).toHaveBeenCalledTimes(1);
      expect(signInCode).toHaveBeenCalledTimes(1);
      expect(directions).toHaveBeenCalledTimes(1);
    });

    await refetchShownData(client);
    expect(account).toHaveBeenCalledTimes(2);
    expect(signInCode).toHaveBeenCalledTimes(1);
    expect(directions).toHaveBeenCalledTimes(1);
    expect(unused).toHaveBeenCalledTimes(1);
    for (const stop of stops) stop();
  });
});
