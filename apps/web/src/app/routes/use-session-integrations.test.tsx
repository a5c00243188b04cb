import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { INITIAL_SESSION, type Integration } from '@auxilio/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigContext } from '../../config/runtime-config-context.ts';
import { testConfig } from '../../test/fixtures.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { useSessionIntegrations } from './use-session-integrations.ts';

// SPEC 3 Session "integrations", fetched by SPEC 7 GET /api/v2/accounts/{id}/integrations; SPEC 8
// "integrations fetch failures: Logged only, no message".

const ACCOUNT = 'a1b2c3d4e5f6a1b2c3d4e5f6';
const TRACKING: Integration = {
  name: 'connect-app-tracking',
  enabled: true,
  config: {
    successRedirectUrl: 'https://partner.example/done',
    allowedRedirectOrigins: ['https://partner.example'],
  },
};

function answer(status: number, body: unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      calls.push(input);
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

function renderFor(accountId: string | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeConfigContext value={testConfig()}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </RuntimeConfigContext>
  );
  return renderHook(
    () => {
      useSessionIntegrations(accountId);
    },
    { wrapper },
  );
}

afterEach(() => {
  useSessionStore.setState({ session: INITIAL_SESSION });
});

describe('useSessionIntegrations', () => {
  it("keeps the account's integrations in the session", async () => {
    const calls = answer(200, [TRACKING]);
    renderFor(ACCOUNT);
    await waitFor(() => {
      expect(useSessionStore.getState().session.integrations).toEqual([TRACKING]);
    });
    expect(calls).toEqual([`/common/api/v2/accounts/${ACCOUNT}/integrations`]);
  });

  it('puts them back at once after a session reset, from the cache', async () => {
    const calls = answer(200, [TRACKING]);
    renderFor(ACCOUNT);
    await waitFor(() => {
      expect(useSessionStore.getState().session.integrations).toEqual([TRACKING]);
    });
    useSessionStore.getState().patchSession({ integrations: [] });
    await waitFor(() => {
      expect(useSessionStore.getState().session.integrations).toEqual([TRACKING]);
    });
    expect(calls).toHaveLength(1);
  });

  it("logs a failed fetch and never keeps another account's integrations", async () => {
    useSessionStore.setState({ session: { ...INITIAL_SESSION, integrations: [TRACKING] } });
    answer(500, { code: 'INTERNAL', message: 'down' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderFor(ACCOUNT);
    await waitFor(() => {
      expect(warn).toHaveBeenCalledWith('[integrations] fetch failed', expect.anything());
    });
    await waitFor(() => {
      expect(useSessionStore.getState().session.integrations).toEqual([]);
    });
  });

  it('asks nothing without an account', () => {
    const calls = answer(200, []);
    renderFor(null);
    expect(calls).toEqual([]);
  });
});
