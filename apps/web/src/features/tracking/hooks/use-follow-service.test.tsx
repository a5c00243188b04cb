import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { INITIAL_SESSION, type Integration } from '@auxilio/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigContext } from '../../../config/runtime-config-context.ts';
import { testConfig } from '../../../test/fixtures.ts';
import { testService } from '../../../test/service-fixture.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useFollowService } from './use-follow-service.ts';

// SPEC 4 "Finished ... goes to the integration's success redirect URL if one exists": the screen
// leaves for the partner page once, however many readings of the finished service arrive after.

const TRACKING: Integration = {
  name: 'connect-app-tracking',
  enabled: true,
  config: {
    successRedirectUrl: 'https://partner.example/done',
    allowedRedirectOrigins: ['https://partner.example'],
  },
};

afterEach(() => {
  useSessionStore.setState({ session: INITIAL_SESSION });
  vi.unstubAllGlobals();
});

describe('useFollowService', () => {
  it('starts the navigation to the success redirect once, not again on every reading', () => {
    // The account is not fetched here: the session holds no account id and the service none known.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const assign = vi.fn();
    const { href, origin, pathname, search, hash } = window.location;
    vi.stubGlobal('location', { href, origin, pathname, search, hash, assign });
    useSessionStore.setState({ session: { ...INITIAL_SESSION, integrations: [TRACKING] } });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RuntimeConfigContext value={testConfig()}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </RuntimeConfigContext>
    );
    const finished = () =>
      testService({
        status: 'Finished',
        trip: { status: 'FINISHED', stamps: {}, simulatedEta: 0 },
      });
    const { rerender } = renderHook(
      ({ service }) => {
        useFollowService('tracking', service);
      },
      { wrapper, initialProps: { service: finished() } },
    );
    // A poll and the stream each bring a new copy of the same finished service.
    rerender({ service: finished() });
    rerender({ service: finished() });

    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('https://partner.example/done?serviceNumber=4321');
  });
});
