import { SharedServiceSchema, ShareLinkResponseSchema } from '@auxilio/domain';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshots } from '../support/browser.ts';
import { useJourney } from '../support/journey.ts';
import {
  acceptedService,
  assignedDriverName,
  trackingTitle,
} from '../support/tracking-steps-session.ts';

// Shared tracking links (decisions 474 and 475): a link minted by the customer opens, on a phone
// without the customer's session, a read-only tracking that follows the driver, served
// noindex/no-referrer.

const journey = useJourney({ simulator: false });

/** POST /common/api/v1/services/{id}/share with the service's own token, as the share button does. */
async function mintLinkToken(serviceId: string, serviceToken: string): Promise<string> {
  const response = await fetch(`${journey.api.baseUrl}/common/api/v1/services/${serviceId}/share`, {
    method: 'POST',
    headers: { 'x-api-key': journey.api.appKey, authorization: `Bearer ${serviceToken}` },
  });
  expect(response.status).toBe(200);
  return ShareLinkResponseSchema.parse(await response.json()).shareToken;
}

/** A GET /shared answer of the page whose driver stands at `lat`. */
function sharedAnswerWithDriverAt(lat: number) {
  return async (response: Response): Promise<boolean> => {
    if (!response.url().includes('/shared') || response.url().includes('/shared/events'))
      return false;
    const view = SharedServiceSchema.safeParse(await response.json().catch(() => null));
    return view.success && view.data.driver?.lat === lat;
  };
}

describe('shared tracking link', () => {
  it('opens without a session, shows the driver and follows him; noindex, no phone', async () => {
    const shot = screenshots('shared-link');
    const { created, driver } = await acceptedService(journey.api);
    const firstName =
      (await assignedDriverName(journey.api, created.serviceId)).split(/\s+/)[0] ?? '';
    const linkToken = await mintLinkToken(created.serviceId, created.token);
    const link =
      `${journey.api.baseUrl}/${created.serviceId}?account=${created.brand}` +
      `&redirect=tracking/loading&t=${linkToken}`;

    // A relative in Madrid follows the customer in Puerto Rico.
    const page = await (await journey.phone({ timeZone: 'Europe/Madrid' })).newPage();
    const landing = await page.goto(link, { waitUntil: 'load' });
    expect(landing?.headers()['referrer-policy']).toBe('no-referrer');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');

    await trackingTitle(page)
      .filter({ hasText: `${firstName} estará con usted pronto` })
      .waitFor();
    await page.getByText(`Conductor: ${firstName}`).waitFor();
    await page.getByText('Seguimiento compartido').waitFor();
    await page.getByRole('img', { name: 'Proveedor' }).waitFor();
    await shot(page, 'accepted');

    // The driver sets off and moves: the shared stream makes the page read the view again.
    const moved = page.waitForResponse(sharedAnswerWithDriverAt(18.435));
    await driver.tripStatus('ON_ROUTE');
    await driver.position(18.435, -66.085);
    await moved;
    await trackingTitle(page).filter({ hasText: 'Su asistencia va en camino' }).waitFor();
    await page.getByRole('img', { name: 'Proveedor' }).waitFor();
    // Decision 645: the arrival in Puerto Rico's time, the time the customer reads, named as such.
    await page.getByText(/^Hora estimada: \d{1,2}:\d{2}(AM|PM) \(hora de Puerto Rico\)$/).waitFor();
    await shot(page, 'on-route');

    // Read-only and redacted: no customer phone, no price, no call/note/cancel controls, and the
    // phone keeps no session of the service.
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('787');
    expect(text).not.toContain('$');
    expect(await page.getByRole('button', { name: /llamar|cancelar|nota/i }).count()).toBe(0);
    const session = await page.evaluate(() => localStorage.getItem('auxilio:session'));
    expect(session ?? '').not.toContain(created.serviceId);
    expect(page.url()).toBe(link);
  });

  it('a link with a wrong token says it is not valid', async () => {
    const { created } = await acceptedService(journey.api);
    const page = await (await journey.phone()).newPage();
    await page.goto(
      `${journey.api.baseUrl}/${created.serviceId}?account=${created.brand}&t=wrong-token-0123456789abcdef`,
      { waitUntil: 'load' },
    );
    await trackingTitle(page).filter({ hasText: 'Este enlace no es válido' }).waitFor();
  });
});
