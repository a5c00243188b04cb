import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshots } from '../support/browser.ts';
import { SAN_JUAN } from '../support/demo-data.ts';
import { useJourney } from '../support/journey.ts';
import {
  acceptedService,
  seededSession,
  seedSessionOnce,
  trackingTitle,
} from '../support/tracking-steps-session.ts';

// Cancel from tracking with a reason. The customer sees the root route with the account and brand
// query and a notice that the service is cancelled; the database holds the service as Void with that reason, and the cancellation e-mail is in
// the outbox (what an operator would check, not what the screen says).

const journey = useJourney({ simulator: false });
let page: Page;

beforeAll(async () => {
  page = await (await journey.phone({ geolocation: SAN_JUAN })).newPage();
});

describe('cancel from tracking', () => {
  it('voids the service with the reason, sends the e-mail and lands on the root with account and brand', async () => {
    const shot = screenshots('cancel-from-tracking');
    const { created } = await acceptedService(journey.api);
    await seedSessionOnce(page, seededSession(created));

    await page.goto(`${journey.api.baseUrl}/tracking?brand=${created.brand}`, {
      waitUntil: 'load',
    });
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
    // Where it lands, the customer reads that the service is cancelled (decision 742).
    const notice = page.getByRole('status').filter({ hasText: 'ha sido cancelado' });
    await notice
      .getByText(`Su servicio n.º ${created.serviceNumber} ha sido cancelado.`, { exact: true })
      .waitFor();
    await shot(page, 'root-after-cancel');
    await notice.getByRole('button', { name: 'Ok' }).click();
    expect(await notice.count()).toBe(0);

    const url = new URL(page.url());
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('account')).toBe(created.accountId);
    expect(url.searchParams.get('brand')).toBe(created.brand);

    const row = await journey.api.service(created.serviceId);
    expect(row?.status).toBe('Void');
    expect(row?.cancellationReason).toBe('No necesito servicio');

    const outbox = await journey.api.outbox(created.serviceId);
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
