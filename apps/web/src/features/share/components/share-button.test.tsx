import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INITIAL_SESSION } from '@auxilio/domain';
import { testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { ShareButton } from './share-button.tsx';

const LINK_TOKEN = 'Lk4_minted-link-token-0123456789abcdefghij';

interface Minted {
  path: string;
  method: string;
  authorization: string | null;
  appKey: string | null;
}

/** The common API's share call as decision 474 answers it; `offline` makes fetch fail. */
function fakeApi({ offline = false } = {}) {
  const calls: Minted[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      calls.push({
        path: new URL(input, 'http://localhost').pathname,
        method: init?.method ?? 'GET',
        authorization: headers.get('authorization'),
        appKey: headers.get('x-api-key'),
      });
      if (offline) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(
        new Response(JSON.stringify({ shareToken: LINK_TOKEN, expiresAt: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({
    session: { ...INITIAL_SESSION, serviceId: 'svc-1', token: 'service-token-1' },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderShare(isFromWebview: boolean) {
  renderWithProviders(
    <ShareButton
      serviceId="svc-1"
      brand="demo"
      isFromWebview={isFromWebview}
      host="https://auxilio.example"
    />,
    { config: testConfig(), i18n: await createTestI18n('es') },
  );
}

describe('share the tracking link (SPEC 2, SPEC 9 share link, decisions 474/475)', () => {
  it("mints a link token with the service's token, copies the link with t and shows 'Enlace copiado'", async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    await renderShare(false);
    await user.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(await screen.findByText('Enlace copiado')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      `https://auxilio.example/svc-1?account=demo&redirect=tracking/loading&t=${LINK_TOKEN}`,
    );
    expect(calls).toEqual([
      {
        path: '/common/api/v1/services/svc-1/share',
        method: 'POST',
        authorization: 'Bearer service-token-1',
        appKey: testConfig().appKey,
      },
    ]);
  });

  it('shares again with the kept token: minting anew would break the links already sent', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    await renderShare(false);
    await user.click(screen.getByRole('button', { name: 'Compartir' }));
    await screen.findByText('Enlace copiado');
    await navigator.clipboard.writeText('');
    await user.click(screen.getByRole('button', { name: 'Compartir' }));
    await waitFor(async () => {
      expect(await navigator.clipboard.readText()).toContain(`&t=${LINK_TOKEN}`);
    });
    expect(calls).toHaveLength(1);
  });

  it('offline: says the link could not be made and shares nothing', async () => {
    fakeApi({ offline: true });
    await navigator.clipboard.writeText('before');
    const user = userEvent.setup();
    await renderShare(false);
    await user.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No pudimos crear el enlace para compartir',
    );
    expect(await navigator.clipboard.readText()).toBe('before');
    expect(screen.queryByText('Enlace copiado')).not.toBeInTheDocument();
  });

  it('is not offered inside a webview', async () => {
    fakeApi();
    await renderShare(true);
    expect(screen.queryByRole('button', { name: 'Compartir' })).not.toBeInTheDocument();
  });
});
