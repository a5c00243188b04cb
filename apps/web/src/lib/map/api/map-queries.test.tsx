import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigContext } from '../../../config/runtime-config-context.ts';
import { testConfig } from '../../../test/fixtures.ts';
import { useDirections, usePlacesSearch, useReverseGeocode } from './map-queries.ts';

// The hooks' requests (path, query, body, app key) and the parsing of the answers of decision 261.

const config = testConfig();
const requests: Request[] = [];

function answer(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit) => {
      requests.push(new Request(new URL(input, 'http://localhost'), init));
      return Promise.resolve(Response.json(body));
    }),
  );
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <RuntimeConfigContext value={config}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </RuntimeConfigContext>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  requests.length = 0;
});

describe('usePlacesSearch', () => {
  it('asks /common/maps/places with the query and the SPEC 5 countries', async () => {
    const place = {
      placeId: 'geo:1',
      name: 'Ponce',
      address: 'Ponce, Puerto Rico',
      country: 'PR',
      lat: 18.01,
      lng: -66.61,
    };
    answer({ data: [place] });
    const { result } = renderHook(() => usePlacesSearch(' ponce ', ['PR', 'CO']), { wrapper });
    await waitFor(() => {
      expect(result.current.data).toEqual([place]);
    });
    const url = new URL(requests[0]?.url ?? '');
    expect(url.pathname).toBe('/common/maps/places');
    expect(url.searchParams.get('q')).toBe('ponce');
    expect(url.searchParams.get('countries')).toBe('PR,CO');
    expect(requests[0]?.headers.get('x-api-key')).toBe(config.appKey);
  });

  it('sends nothing for one letter', () => {
    answer({ data: [] });
    renderHook(() => usePlacesSearch('p', ['PR']), { wrapper });
    expect(requests).toHaveLength(0);
  });
});

describe('useReverseGeocode', () => {
  it("posts SPEC 7's {coords: 'lat,lng'} and returns the first result", async () => {
    answer({ data: { address: 'San Juan, Puerto Rico', placeId: 'geo:2' } });
    const { result } = renderHook(() => useReverseGeocode({ lat: 18.421391, lng: -66.073795 }), {
      wrapper,
    });
    await waitFor(() => {
      expect(result.current.data?.address).toBe('San Juan, Puerto Rico');
    });
    expect(requests[0]?.method).toBe('POST');
    expect(await requests[0]?.json()).toEqual({ coords: '18.42139,-66.07379' });
  });
});

describe('useDirections', () => {
  it('asks for origin and destination as lat,lng and keeps the approximate flag', async () => {
    const route = {
      path: [
        { lat: 18.38, lng: -66.16 },
        { lat: 18.42, lng: -66.07 },
      ],
      distanceMeters: 14000,
      durationSeconds: 1500,
      approximate: true,
    };
    answer({ data: route });
    const { result } = renderHook(
      () => useDirections({ lat: 18.38, lng: -66.16 }, { lat: 18.42, lng: -66.07 }),
      { wrapper },
    );
    await waitFor(() => {
      expect(result.current.data).toEqual(route);
    });
    const url = new URL(requests[0]?.url ?? '');
    expect(url.pathname).toBe('/common/maps/directions');
    expect(url.searchParams.get('origin')).toBe('18.38,-66.16');
    expect(url.searchParams.get('destination')).toBe('18.42,-66.07');
  });

  it('waits while a point is missing', () => {
    answer({});
    renderHook(() => useDirections(null, { lat: 18.42, lng: -66.07 }), { wrapper });
    expect(requests).toHaveLength(0);
  });
});
