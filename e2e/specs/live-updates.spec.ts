import type { Socket } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serviceEvents } from '../../apps/api/src/db/schema.ts';
import { screenshots } from '../support/browser.ts';
import { SAN_JUAN } from '../support/demo-data.ts';
import { useJourney } from '../support/journey.ts';
import {
  acceptedService,
  seededSession,
  seedSessionOnce,
  trackingTitle,
} from '../support/tracking-steps-session.ts';

// The tracking screen keeps up with the driver when the phone loses its connection (it keeps the
// last known status under the offline banner, decision 730, then catches up by itself) and when the
// server drops the event stream (the browser reconnects with Last-Event-ID; the 17.4 s poll is the
// fallback). The driver plays over HTTP with its own token while the screen is cut off.

const NO_CONNECTION = '¡Ups! No tiene conexión a internet';
const OFFLINE_BANNER = 'Sin conexión. Le mostramos lo último que sabemos';

const journey = useJourney({ simulator: false });

async function trackingPage(serviceSession: string, brand: string): Promise<Page> {
  const page = await (await journey.phone({ geolocation: SAN_JUAN })).newPage();
  await seedSessionOnce(page, serviceSession);
  await page.goto(`${journey.api.baseUrl}/tracking?brand=${brand}`, { waitUntil: 'load' });
  return page;
}

/** The service's event history as stored (seq, type), in order. */
async function history(serviceId: string): Promise<{ seq: number; type: string }[]> {
  return journey.api.db.db
    .select({ seq: serviceEvents.seq, type: serviceEvents.type })
    .from(serviceEvents)
    .where(eq(serviceEvents.serviceId, serviceId))
    .orderBy(asc(serviceEvents.seq));
}

describe('network cut during tracking', () => {
  it('keeps the status under the offline banner; back online it catches up without a reload', async () => {
    const shot = screenshots('live-network-cut');
    const { created, driver } = await acceptedService(journey.api);
    const page = await trackingPage(seededSession(created), created.brand);
    const title = trackingTitle(page);
    await title.filter({ hasText: 'estará con usted pronto' }).waitFor();
    await shot(page, 'tracking-accepted');
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });

    await page.context().setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: OFFLINE_BANNER });
    await banner.waitFor();
    // The last known status stays on screen (no wall, no unmounted map).
    expect(await title.textContent()).toContain('estará con usted pronto');
    expect(await page.getByText(NO_CONNECTION).count()).toBe(0);
    await shot(page, 'offline-banner');

    // Meanwhile the driver sets off, drives and arrives.
    await driver.tripStatus('ON_ROUTE');
    await driver.position(18.43, -66.08);
    await driver.tripStatus('ARRIVED');

    await page.context().setOffline(false);
    await title.filter({ hasText: 'Brindando asistencia' }).waitFor();
    await expect.poll(() => banner.count()).toBe(0);
    await shot(page, 'caught-up');
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });

  it('catches up and drops the banner even when the phone never reports coming back online', async () => {
    const shot = screenshots('live-network-back');
    const { created, driver } = await acceptedService(journey.api);
    const page = await trackingPage(seededSession(created), created.brand);
    // A device that does not report coming back online (the `online` event never reaches the app),
    // switched on by the test when it wants.
    await page.addInitScript(() => {
      window.addEventListener(
        'online',
        (event) => {
          if ((window as { swallowOnline?: boolean }).swallowOnline)
            event.stopImmediatePropagation();
        },
        { capture: true },
      );
    });
    await page.reload({ waitUntil: 'load' });
    await trackingTitle(page).filter({ hasText: 'estará con usted pronto' }).waitFor();
    // The page itself paints that title (decision 752): the network goes only once the app has
    // drawn its own screen and the page's loads have settled.
    await page.locator('main.tracking:not(.tracking--skeleton)').waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      (window as { swallowOnline?: boolean }).swallowOnline = true;
    });

    await page.context().setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: OFFLINE_BANNER });
    await banner.waitFor();
    await driver.tripStatus('ON_ROUTE');

    // What the page asks for from here, reported if it does not catch up (a failure says why).
    const requests: string[] = [];
    page.on('response', (response) => requests.push(`${response.status()} ${response.url()}`));
    page.on('requestfailed', (request) =>
      requests.push(`failed ${request.failure()?.errorText ?? ''} ${request.url()}`),
    );
    await page.context().setOffline(false);
    try {
      await trackingTitle(page).filter({ hasText: 'Su asistencia va en camino' }).waitFor();
    } catch (error) {
      console.error('did not catch up', {
        onLine: await page.evaluate(() => navigator.onLine),
        banner: await banner.count(),
        title: await trackingTitle(page).textContent(),
        openStreams: journey.api.app.streamLimits.openCount(),
        requests: requests.map((line) => line.replace(/token=[^&]+/, 'token=…')),
      });
      throw error;
    }
    await expect.poll(() => banner.count()).toBe(0);
    await shot(page, 'caught-up-on-route');
  });
});

describe('event stream dropped by the server', () => {
  it('resumes after the drop: the screen shows every change and the history has no gap', async () => {
    const shot = screenshots('live-stream-dropped');
    const { created, driver } = await acceptedService(journey.api);
    // The server's side of each event-stream connection, to cut them as a proxy or a deploy would.
    const streams = new Set<Socket>();
    const onRequest = (request: { url?: string; socket: Socket }) => {
      if (request.url?.includes(`/services/${created.serviceId}/events`))
        streams.add(request.socket);
    };
    journey.api.app.server.on('request', onRequest);
    try {
      const page = await trackingPage(seededSession(created), created.brand);
      await trackingTitle(page).filter({ hasText: 'estará con usted pronto' }).waitFor();
      await expect.poll(() => streams.size).toBeGreaterThan(0);
      await shot(page, 'tracking-accepted');

      // Drop the stream, then write while the browser waits to reconnect (retry: 3 s).
      const opened = streams.size;
      for (const socket of streams) socket.destroy();
      await driver.tripStatus('ON_ROUTE');
      for (const [lat, lng] of [
        [18.44, -66.09],
        [18.435, -66.085],
        [18.43, -66.08],
      ] as const)
        await driver.position(lat, lng);
      await trackingTitle(page).filter({ hasText: 'Su asistencia va en camino' }).waitFor();
      await shot(page, 'on-route-after-drop');

      // A second drop, and the driver arrives meanwhile.
      for (const socket of streams) socket.destroy();
      await driver.tripStatus('ARRIVED');
      await trackingTitle(page).filter({ hasText: 'Brindando asistencia' }).waitFor();
      await shot(page, 'arrived-after-second-drop');
      expect(streams.size).toBeGreaterThan(opened);

      // Nothing missing in the history: seq 1..n, the trip changes among them.
      const events = await history(created.serviceId);
      expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
      expect(events.some((event) => event.type === 'trip')).toBe(true);
      // The page applied the stream up to the last event (it resumed rather than skipped ahead).
      const last = String(events.at(-1)?.seq);
      await expect
        .poll(() =>
          page.evaluate((id) => sessionStorage.getItem(`auxilio:events:${id}`), created.serviceId),
        )
        .toBe(last);
    } finally {
      journey.api.app.server.off('request', onRequest);
    }
  });
});
