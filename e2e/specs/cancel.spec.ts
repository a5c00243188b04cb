import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext, SAN_JUAN, screenshots } from '../support/browser.ts';
import { startJourneyApi, type JourneyApi } from '../support/journey-api.ts';
import {
  acceptedService,
  seededSession,
  seedSessionOnce,
  trackingTitle,
} from '../support/tracking-steps-session.ts';

// Issue 3, test 3: cancel from tracking with a reason. The customer sees the root route with the
// account and brand query; the database holds the service as Void with that reason, and the
// cancellation e-mail is in the outbox (what an operator would check, not what the screen says).

let api: JourneyApi;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  api = await startJourneyApi({ simulator: false });
  browser = await launchBrowser();
  context = await phoneContext(browser, { geolocation: SAN_JUAN });
  page = await context.newPage();
});
afterAll(async () => {
  await context.close();
  await browser.close();
  await api.close();
});

describe('cancel from tracking', () => {
  it('voids the service with the reason, sends the e-mail and lands on the root with account and brand', async () => {
    const shot = screenshots('cancel-from-tracking');
    const { created } = await acceptedService(api);
    await seedSessionOnce(page, seededSession(created));

    await page.goto(`${api.baseUrl}/tracking?brand=${created.brand}`, { waitUntil: 'load' });
    await trackingTitle(page).filter({ hasText: 'estará con usted pronto' }).waitFor();
    await shot(page, 'tracking-accepted');

    await page.getByRole('button', { name: 'Cancelar servicio' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Desea cancelar su servicio?' });
    await confirm.getByText('Sus detalles no serán guardados').waitFor();
    await shot(page, 'confirm-modal');

    await confirm.getByRole('button', { name: 'Cancelar servicio' }).click();
    const reasons = page.getByRole('dialog', { name: '¡Ayúdanos a mejorar!' });
    await reasons.getByText('Razones para cancelar su servicio').waitFor();
    await shot(page, 'reasons-modal');

    await reasons.getByRole('button', { name: 'No necesito servicio' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.getByRole('link', { name: 'Solicitar asistencia' }).waitFor();
    await shot(page, 'root-after-cancel');

    const url = new URL(page.url());
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('account')).toBe(created.accountId);
    expect(url.searchParams.get('brand')).toBe(created.brand);

    const row = await api.service(created.serviceId);
    expect(row?.status).toBe('Void');
    expect(row?.cancellationReason).toBe('No necesito servicio');

    const outbox = await api.outbox(created.serviceId);
    const emails = outbox.filter((message) => message.kind.toLowerCase().includes('mail'));
    expect(emails, JSON.stringify(outbox.map((m) => m.kind))).toHaveLength(1);
    // To the operations mailbox (apps/api/src/services/cancellation.ts), naming service and reason.
    expect(emails[0]?.subject).toBe(
      `Service cancelled #${created.serviceNumber}: No necesito servicio`,
    );
    expect(emails[0]?.body).toContain(`Service: ${created.serviceId}`);

    // The session is reset: nothing of the cancelled service stays on the phone.
    const stored = await page.evaluate(() => localStorage.getItem('auxilio:session'));
    expect(stored ?? '').not.toContain(created.serviceId);
  });
});
