import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_SESSION } from '@auxilio/domain';
import { RuntimeConfigContext } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { testConfig } from '../../../test/fixtures.ts';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { useUpdatePushOptIn } from './update-push-opt-in.ts';

// Decision 452: the opt-in PATCH carries the browser's subscription and language (SPEC 7
// {pushOptIn} stays the body when there is none). The browser's push manager and the HTTP server
// are stand-ins at their boundaries; the hook, the API client and the subscription code are real.

const SERVICE_ID = 'svc-push-0001';
const VAPID_KEY = `B${'Ab-_'.repeat(21)}Ab`;
const SUBSCRIPTION = {
  endpoint: 'https://push.example.com/send/abc',
  keys: { p256dh: `B${'q'.repeat(86)}`, auth: 'a'.repeat(22) },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubServer() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      expect(`${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}`).toBe(
        `PATCH /common/api/v1/service-requests/${SERVICE_ID}/pushOptIn`,
      );
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '') as {
        pushOptIn: boolean;
      };
      bodies.push(body);
      return Promise.resolve(
        new Response(JSON.stringify({ _id: SERVICE_ID, pushOptIn: body.pushOptIn }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return bodies;
}

function stubPushBrowser() {
  const subscribe = vi.fn(() =>
    Promise.resolve({ options: { applicationServerKey: null }, toJSON: () => SUBSCRIPTION }),
  );
  const pushManager = { getSubscription: () => Promise.resolve(null), subscribe };
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { ready: Promise.resolve({ pushManager }) },
    configurable: true,
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  return subscribe;
}

async function renderOptIn(withKey: boolean) {
  useSessionStore.setState({
    session: { ...INITIAL_SESSION, serviceId: SERVICE_ID, token: 'token-0123456789abcdef' },
  });
  const base = testConfig();
  const config = withKey ? { ...base, push: { vapidPublicKey: VAPID_KEY } } : base;
  const i18n = await createTestI18n('es');
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeConfigContext value={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nextProvider>
    </RuntimeConfigContext>
  );
  return renderHook(() => useUpdatePushOptIn(), { wrapper });
}

describe('push opt-in', () => {
  it('sends the subscription and the language with an opt-in', async () => {
    const bodies = stubServer();
    const subscribe = stubPushBrowser();
    const { result } = await renderOptIn(true);
    await act(() => result.current.mutateAsync(true));
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(bodies).toEqual([{ pushOptIn: true, subscription: SUBSCRIPTION, language: 'es' }]);
    expect(useSessionStore.getState().session.pushOptIn).toBe(true);
  });

  it('sends {pushOptIn} alone for an opt-out, or when the server offers no key', async () => {
    const bodies = stubServer();
    const subscribe = stubPushBrowser();
    const withKey = await renderOptIn(true);
    await act(() => withKey.result.current.mutateAsync(false));
    const withoutKey = await renderOptIn(false);
    await act(() => withoutKey.result.current.mutateAsync(true));
    expect(subscribe).not.toHaveBeenCalled();
    expect(bodies).toEqual([{ pushOptIn: false }, { pushOptIn: true }]);
  });
});
