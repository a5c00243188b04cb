import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listenForInstallPrompt } from '../../../lib/install-prompt.ts';
import { renderAt } from '../../../test/render-screen.tsx';
import { testBrand } from '../../../test/fixtures.ts';
import { INSTALL_BANNER_KEY, type InstallBannerDevice } from '../hooks/use-install-banner.ts';
import { CorporateHomeScreen } from './corporate-home-screen.tsx';

// SPEC 2 "Shows an add-to-home-screen banner on iOS or Android"; SPEC 9 "shown when more than 30
// days since last prompt (or never), on iOS or Android and not standalone".

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/124.0 Mobile';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Safari';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0';
const DAY = 86_400_000;
const brand = testBrand({ corporate: true, name: 'Honda' });

function device(overrides: Partial<InstallBannerDevice> = {}): () => InstallBannerDevice {
  return () => ({
    userAgent: ANDROID,
    maxTouchPoints: 5,
    standalone: false,
    storage: localStorage,
    ...overrides,
  });
}

const banner = () => screen.queryByRole('complementary', { name: 'Instale Demo en su teléfono' });

beforeAll(() => {
  listenForInstallPrompt(window);
});

describe('install banner on /corporate/home', () => {
  it('shows on Android with the browser menu steps, and rests 30 days after "Entendido"', async () => {
    const user = userEvent.setup();
    const view = await renderAt(<CorporateHomeScreen installDevice={device()} />, '/', brand);
    expect(banner()).toHaveTextContent('Abra el menú del navegador y toque «Instalar aplicación»');
    await user.click(screen.getByRole('button', { name: 'Entendido' }));
    expect(banner()).toBeNull();
    const stored = localStorage.getItem(INSTALL_BANNER_KEY);
    expect(Date.now() - new Date(stored ?? 0).getTime()).toBeLessThan(5_000);
    view.unmount();

    await renderAt(<CorporateHomeScreen installDevice={device()} />, '/', brand);
    expect(banner()).toBeNull();
  });

  it('shows again once more than 30 days passed since the last prompt', async () => {
    localStorage.setItem(INSTALL_BANNER_KEY, new Date(Date.now() - 29 * DAY).toISOString());
    const view = await renderAt(<CorporateHomeScreen installDevice={device()} />, '/', brand);
    expect(banner()).toBeNull();
    view.unmount();
    localStorage.setItem(INSTALL_BANNER_KEY, new Date(Date.now() - 31 * DAY).toISOString());
    await renderAt(<CorporateHomeScreen installDevice={device()} />, '/', brand);
    expect(banner()).not.toBeNull();
  });

  it('shows the Share -> "Agregar a inicio" steps on iOS', async () => {
    await renderAt(
      <CorporateHomeScreen installDevice={device({ userAgent: IPHONE })} />,
      '/',
      brand,
    );
    expect(banner()).toHaveTextContent('Toque Compartir y luego «Agregar a inicio»');
  });

  it.each([
    ['opened from the home screen', device({ standalone: true })],
    ['on a desktop browser', device({ userAgent: DESKTOP, maxTouchPoints: 0 })],
  ])('is not shown %s', async (_case, installDevice) => {
    await renderAt(<CorporateHomeScreen installDevice={installDevice} />, '/', brand);
    expect(banner()).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(4);
  });

  it("opens the browser's own install dialog on Android when it offered one", async () => {
    const user = userEvent.setup();
    const prompt = vi.fn(() => Promise.resolve());
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    await renderAt(<CorporateHomeScreen installDevice={device()} />, '/', brand);
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(offer.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Instalar' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
    expect(localStorage.getItem(INSTALL_BANNER_KEY)).not.toBeNull();
  });
});
