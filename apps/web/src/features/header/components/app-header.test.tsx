import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppHeader } from './app-header.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import { testBrand, testConfig } from '../../../test/fixtures.ts';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';

async function renderHeaderAt(path: string, { coBranded = false } = {}) {
  const location = memoryLocation({ path, record: true });
  renderWithProviders(
    <Router hook={location.hook}>
      <AppHeader onOpenHelp={() => undefined} />
    </Router>,
    { config: testConfig(testBrand({ coBranded })), i18n: await createTestI18n('es') },
  );
  return location;
}

function enterFromWebview(isFromWebview: boolean) {
  useSessionStore.getState().applyEntryParams({ isFromWebview });
}

afterEach(() => {
  useSessionStore.getState().resetAll();
  delete window.ReactNativeWebView;
});

describe('AppHeader (SPEC 2 header)', () => {
  it.each(['/tracking', '/tracking/loading', '/service-summary', '/survey'])(
    'has no back arrow on %s',
    async (path) => {
      await renderHeaderAt(path);
      expect(screen.getByRole('button', { name: 'Ayuda' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Volver' })).not.toBeInTheDocument();
    },
  );

  it('shows the brand logo, Ayuda and a back arrow elsewhere, and no close outside a webview', async () => {
    await renderHeaderAt('/location');
    expect(screen.getByRole('img', { name: 'Demo Asistencia' })).toHaveAttribute(
      'src',
      '/brands/demo/logo.svg',
    );
    expect(screen.getByRole('button', { name: 'Volver' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cerrar/ })).not.toBeInTheDocument();
  });

  it('on /services in a webview the back arrow posts "closed" to the host app', async () => {
    const messages: string[] = [];
    window.ReactNativeWebView = { postMessage: (message) => messages.push(message) };
    enterFromWebview(true);
    const location = await renderHeaderAt('/services');
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(messages).toEqual(['closed']);
    expect(location.history).toEqual(['/services']);
  });

  it('in a webview the close control posts "closed" to the parent window without a native bridge', async () => {
    const postMessage = vi.spyOn(window.parent, 'postMessage');
    enterFromWebview(true);
    await renderHeaderAt('/location');
    await userEvent.click(screen.getByRole('button', { name: /Cerrar/ }));
    expect(postMessage).toHaveBeenCalledWith('closed', '*');
  });

  it('outside a webview the back arrow on /services navigates back', async () => {
    const location = await renderHeaderAt('/services');
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(location.history.at(-1)).toBe('/');
  });

  it('shows the provider logo next to a co-branded brand on tracking routes only', async () => {
    await renderHeaderAt('/tracking/loading', { coBranded: true });
    expect(screen.getByRole('img', { name: 'Auxilio' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Demo Asistencia' })).toBeInTheDocument();
  });

  it('shows only the brand logo off tracking routes', async () => {
    await renderHeaderAt('/services', { coBranded: true });
    expect(screen.queryByRole('img', { name: 'Auxilio' })).not.toBeInTheDocument();
  });
});
