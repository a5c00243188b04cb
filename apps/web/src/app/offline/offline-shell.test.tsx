import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ONLINE_RECHECK_MS } from '../../features/offline/hooks/use-online-status.ts';
import { RootLayout } from '../routes/root-layout.tsx';
import { fakeFlowApi, flowSession, renderFlow } from '../../test/flow-test-kit.tsx';
import { readLocale } from '../../test/test-i18n.ts';

// Decision 730 (offline is a banner, not a wall), through the real shell: a screen shown
// online keeps what it shows under the offline banner; a screen opened offline without its data
// gets SPEC 8's no-connection screen, and both catch up by themselves once the connection returns.

const BANNER = (readLocale('es').errors as { offlineBanner: { message: string } }).offlineBanner
  .message;
const NO_CONNECTION = /No tiene conexión a internet/;

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

async function renderShellAt(path: string) {
  const location = memoryLocation({ path });
  return renderFlow(
    <Router hook={location.hook}>
      <RootLayout />
    </Router>,
    { path, session: flowSession() },
  );
}

afterEach(() => {
  // The next test starts online, whatever this one left (TanStack Query hears the event too).
  goOnline();
});

describe('the shell offline (decision 730)', () => {
  it('keeps a screen shown online under the offline banner, and drops the banner once online', async () => {
    fakeFlowApi();
    await renderShellAt('/services');
    const tile = await screen.findByRole('radio', { name: 'Cerrajería' });

    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent(BANNER);
    expect(tile).toBeVisible();
    expect(screen.queryByRole('heading', { name: NO_CONNECTION })).not.toBeInTheDocument();

    goOnline();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    expect(tile).toBeVisible();
  });

  it('tells the live data a change of connection the browser never announced, both ways', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakeFlowApi();
      await renderShellAt('/services');
      await screen.findByRole('radio', { name: 'Cerrajería' });

      // No `offline` event: the shell's next reading shows the banner and tells the query client.
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      act(() => {
        vi.advanceTimersByTime(ONLINE_RECHECK_MS);
      });
      expect(screen.getByRole('status')).toHaveTextContent(BANNER);
      expect(onlineManager.isOnline()).toBe(false);

      // No `online` event either.
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      act(() => {
        vi.advanceTimersByTime(ONLINE_RECHECK_MS);
      });
      expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
      expect(onlineManager.isOnline()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the no-connection screen for a screen opened offline without its data, then catches up', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await renderShellAt('/services');
    expect(await screen.findByRole('heading', { name: NO_CONNECTION })).toBeInTheDocument();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Cerrajería' })).not.toBeInTheDocument();

    // The connection returns: no reload, the screen asks again for what it missed.
    fakeFlowApi();
    goOnline();
    expect(await screen.findByRole('radio', { name: 'Cerrajería' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: NO_CONNECTION })).not.toBeInTheDocument();
  });

  it('shows the no-connection screen when the signal drops before the screen first got its data', async () => {
    // Every read stays unanswered until the signal drops, then fails as a phone's fetch does.
    const unanswered: ((error: Error) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise((_resolve, reject) => {
            unanswered.push(reject);
          }),
      ),
    );
    await renderShellAt('/services');
    await vi.waitFor(() => {
      expect(fetch).toHaveBeenCalled();
    });

    goOffline();
    act(() => {
      for (const reject of unanswered) reject(new TypeError('Failed to fetch'));
    });
    expect(await screen.findByRole('heading', { name: NO_CONNECTION })).toBeInTheDocument();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });
});
