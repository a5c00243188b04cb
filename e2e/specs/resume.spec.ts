import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshots } from '../support/browser.ts';
import { CONNECT_PR_ACCOUNT, SAN_JUAN } from '../support/demo-data.ts';
import { useJourney } from '../support/journey.ts';
import {
  acceptedService,
  assignedDriverName,
  seededSession,
  seedSessionOnce,
  trackingTitle,
} from '../support/tracking-steps-session.ts';

// A reload never loses the request. In the middle of the request flow the choice and the step
// survive (the session is persisted in localStorage); on /tracking the same service is followed
// again, with the same title and driver.

const journey = useJourney({ simulator: false });
let page: Page;

async function newPage(): Promise<Page> {
  return (await journey.phone({ geolocation: SAN_JUAN })).newPage();
}

const passengers = (p: Page) => p.getByRole('group', { name: 'Pasajeros' }).locator('output');

describe('reload keeps the session', () => {
  it('in the request flow: the chosen service and the passenger count survive reloads', async () => {
    const shot = screenshots('resume-request-flow');
    page = await newPage();
    await page.goto(`${journey.api.baseUrl}/services?brand=connect&account=${CONNECT_PR_ACCOUNT}`, {
      waitUntil: 'load',
    });
    // The radio itself is visually hidden: the customer taps the tile's label.
    await page.getByText('Grúa', { exact: true }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Grúa' }).isChecked()).toBe(true);
    await shot(page, 'services-tow-chosen');

    await page.reload({ waitUntil: 'load' });
    await page.getByRole('radio', { name: 'Grúa' }).waitFor({ state: 'attached' });
    expect(new URL(page.url()).pathname).toBe('/services');
    expect(await page.getByRole('radio', { name: 'Grúa' }).isChecked()).toBe(true);
    await shot(page, 'services-after-reload');

    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL((url) => url.pathname === '/services/tow');
    await page.getByRole('button', { name: 'Un pasajero más' }).click();
    await page.getByRole('button', { name: 'Un pasajero más' }).click();
    await expect.poll(() => passengers(page).innerText()).toBe('2');
    await shot(page, 'tow-two-passengers');

    await page.reload({ waitUntil: 'load' });
    await passengers(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/services/tow');
    expect(await passengers(page).innerText()).toBe('2');
    await shot(page, 'tow-after-reload');
  });

  it('on /tracking: the same service, title and driver after a reload', async () => {
    const shot = screenshots('resume-tracking');
    const { created, driver } = await acceptedService(journey.api);
    await driver.tripStatus('ON_ROUTE');
    page = await newPage();
    await seedSessionOnce(page, seededSession(created));

    await page.goto(`${journey.api.baseUrl}/tracking?brand=${created.brand}`, {
      waitUntil: 'load',
    });
    await trackingTitle(page).filter({ hasText: 'Su asistencia va en camino' }).waitFor();
    const driverCard = page.getByRole('button', { name: 'Enviar nota al conductor' });
    await driverCard.waitFor();
    const driverName = await assignedDriverName(journey.api, created.serviceId);
    const card = page.getByText(driverName, { exact: true });
    await card.waitFor();
    await shot(page, 'tracking-on-route');

    await page.reload({ waitUntil: 'load' });
    await trackingTitle(page).filter({ hasText: 'Su asistencia va en camino' }).waitFor();
    await driverCard.waitFor();
    expect(new URL(page.url()).pathname).toBe('/tracking');
    await shot(page, 'tracking-after-reload');
    // The same driver on the card as before the reload.
    await card.waitFor();

    // The reload read the persisted session, not a fresh seed: it still names this service.
    const stored = await page.evaluate(() => localStorage.getItem('auxilio:session'));
    expect(stored).toContain(created.serviceId);
  });
});
