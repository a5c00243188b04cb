import { describe, expect, it } from 'vitest';
import { screenshots } from '../support/browser.ts';
import { SAN_JUAN } from '../support/demo-data.ts';
import { useJourney } from '../support/journey.ts';
import {
  acceptedService,
  seededSession,
  seedSessionOnce,
  trackingTitle,
} from '../support/tracking-steps-session.ts';

// Inside a mobile-app webview (isFromWebview=true in the entry query) /tracking has no share button
// and the header's close control posts the `closed` message to the host (SPEC 1,
// apps/web/src/lib/webview.ts). Outside a webview the share button copies the link.

declare global {
  interface Window {
    __posted?: unknown[];
    ReactNativeWebView?: { postMessage: (message: string) => void };
  }
}

const journey = useJourney({ simulator: false });

describe('webview mode', () => {
  it('has no share button on /tracking and the close control posts `closed` to the host', async () => {
    const shot = screenshots('webview-tracking');
    const { created } = await acceptedService(journey.api);
    const page = await (await journey.phone({ geolocation: SAN_JUAN })).newPage();
    await seedSessionOnce(page, seededSession(created));
    // What a React Native host injects (apps/web/src/lib/webview.ts).
    await page.addInitScript(() => {
      window.ReactNativeWebView = {
        postMessage: (message: string) => {
          (window.__posted ||= []).push(message);
        },
      };
    });

    await page.goto(`${journey.api.baseUrl}/tracking?brand=${created.brand}&isFromWebview=true`, {
      waitUntil: 'load',
    });
    await trackingTitle(page).filter({ hasText: 'estará con usted pronto' }).waitFor();
    // The driver card and the share slot render together with the service.
    await page.getByRole('button', { name: 'Enviar nota al conductor' }).waitFor();
    await shot(page, 'tracking-in-webview');
    expect(await page.getByRole('button', { name: 'Compartir' }).count()).toBe(0);

    const close = page
      .locator('header')
      .getByRole('button', { name: 'Cerrar y volver a la aplicación' });
    await close.click();
    await shot(page, 'after-close');
    expect(await page.evaluate(() => window.__posted)).toEqual(['closed']);
  });

  it('outside a webview shows the share button, which copies the link and says so', async () => {
    const shot = screenshots('share-tracking');
    const { created } = await acceptedService(journey.api);
    const context = await journey.phone({ geolocation: SAN_JUAN });
    await context.grantPermissions(['geolocation', 'clipboard-read', 'clipboard-write'], {
      origin: journey.api.baseUrl,
    });
    const page = await context.newPage();
    await seedSessionOnce(page, seededSession(created));

    await page.goto(`${journey.api.baseUrl}/tracking?brand=${created.brand}`, {
      waitUntil: 'load',
    });
    await trackingTitle(page).filter({ hasText: 'estará con usted pronto' }).waitFor();
    expect(
      await page
        .locator('header')
        .getByRole('button', { name: 'Cerrar y volver a la aplicación' })
        .count(),
    ).toBe(0);
    const share = page.getByRole('button', { name: 'Compartir' });
    await share.scrollIntoViewIfNeeded();
    await shot(page, 'share-button');

    await share.click();
    await page.getByRole('status').filter({ hasText: 'Enlace copiado' }).waitFor();
    await shot(page, 'link-copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const link = new URL(copied);
    expect(link.origin).toBe(new URL(journey.api.baseUrl).origin);
    expect(link.pathname).toBe(`/${created.serviceId}`);
    expect(link.searchParams.get('account')).toBe(created.brand);
    expect(link.searchParams.get('redirect')).toBe('tracking/loading');
  });
});
