import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tips } from '../../apps/api/src/db/schema.ts';
import { screenshots } from '../support/browser.ts';
import { CONNECT_CR_ACCOUNT, SAN_JOSE } from '../support/demo-data.ts';
import {
  chooseService,
  openHome,
  payWithSandboxCard,
  sessionServiceId,
  step,
  tapChoice,
  useCurrentLocation,
  waitForPath,
} from '../support/journey-steps-common.ts';
import { useJourney } from '../support/journey.ts';

// A connect member in Costa Rica, in Chromium at 360x740 with a faked position in San José, against
// the built PWA and the real API (decision 655). The request says `currency: 'usd'` (SPEC 3 fixes
// that wire field); the server derives colones from the branch (SPEC 9 "colon for Costa Rica"), and
// the price, the payment, the tip and the receipt are all in colones. The spec plays the driver.

const journey = useJourney({ simulator: false });
let page: Page;

beforeAll(async () => {
  page = await (await journey.phone({ geolocation: SAN_JOSE })).newPage();
  page.setDefaultTimeout(20_000);
});

// connect's flat tire in Costa Rica (seed `localCents`): fee ₡28,100 + management fee ₡2,600 =
// ₡30,700, plus SPEC 9's 13% tax ₡3,991.
const TOTAL = '₡34,691.00';

describe('Costa Rica (connect): everything in colones', () => {
  it('a flat tire paid in colones, a tip in colones, the receipt in colones', async () => {
    const shot = screenshots('costa-rica');

    await openHome(page, journey.api, 'connect', CONNECT_CR_ACCOUNT);

    await step(page, 'services and client form', async () => {
      await chooseService(page, 'Cambio de goma');
      await waitForPath(page, '/clients');
      await page.getByRole('textbox', { name: 'Nombre completo' }).fill('Silvia Ulate Alvarado');
      await page.getByRole('textbox', { name: 'Teléfono' }).fill('8855-0100');
      await page.getByRole('textbox', { name: 'Tablilla' }).fill('BCD-123');
      await page.getByRole('checkbox', { name: /Acepto la política de privacidad/ }).check();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await waitForPath(page, '/location');
    });

    await step(page, 'current location in San José', async () => {
      await useCurrentLocation(page);
      await page.getByRole('button', { name: 'Confirmar ubicación' }).click();
      await waitForPath(page, '/location/summary');
    });

    await step(page, 'summary in colones', async () => {
      const price = page
        .getByRole('region', { name: 'Resumen de la ubicación' })
        .getByRole('region', { name: 'Precio' });
      await price.getByText(TOTAL).first().waitFor();
      await price.getByText('₡30,700.00').waitFor();
      await price.getByText('₡3,991.00').waitFor();
      await shot(page, 'summary');
      await page.getByRole('button', { name: 'Continuar al pago' }).click();
      await waitForPath(page, '/payment');
    });

    const created = await step(page, 'pay in colones', async () => {
      await payWithSandboxCard(page);
      await shot(page, 'payment');
      const request = page.waitForRequest(
        (sent) => sent.method() === 'POST' && sent.url().endsWith('/api/v1/service-requests'),
      );
      await page.getByRole('button', { name: `Pagar ${TOTAL}` }).click();
      const body = (await request).postDataJSON() as { currency: string; account_id: string };
      await waitForPath(page, '/tracking/loading');
      return body;
    });
    // SPEC 3 "currency (usd)" on the wire; the stored service is in colones all the same.
    expect(created).toMatchObject({ currency: 'usd', account_id: CONNECT_CR_ACCOUNT });
    const serviceId = await sessionServiceId(page);
    expect(await journey.api.service(serviceId)).toMatchObject({
      branch: 'CR',
      currency: 'crc',
      payments: { subtotal: 3_070_000, tax: 399_100, total: 3_469_100 },
    });

    const driver = await journey.api.dispatchNext();
    if (!driver) throw new Error('The dispatcher found no service to assign');
    expect(driver.serviceId).toBe(serviceId);

    await step(page, 'tracking: the fee drawer in colones', async () => {
      await driver.accept();
      await waitForPath(page, '/tracking');
      const drawer = page.locator('details.fee-drawer');
      await drawer.getByText('Costo del servicio').click();
      await drawer.getByText('₡30,700.00').waitFor();
      await drawer.getByText('₡3,991.00').waitFor();
      await shot(page, 'tracking-fees');
    });

    await step(page, 'finished, survey', async () => {
      await driver.tripStatus('ON_ROUTE');
      await driver.tripStatus('ARRIVED');
      await driver.tripStatus('FINISHED');
      await waitForPath(page, '/survey');
      await page
        .getByRole('group', { name: '¿Cómo califica al proveedor?' })
        .getByRole('radio', { name: '5 estrellas' })
        .check({ force: true });
      await tapChoice(page, '10');
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await waitForPath(page, '/tips');
    });

    await step(page, 'tip in colones', async () => {
      const choices = page.getByRole('group', { name: 'Elija un monto' }).getByRole('radio');
      // The tips screen is its own chunk: its choices appear a moment after the address changes.
      await expect
        .poll(() =>
          choices.evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent)),
        )
        .toEqual(['₡1,000.00', '₡1,500.00', '₡2,500.00', 'Otro']);
      expect(await page.getByRole('radio', { name: '₡1,500.00' }).isChecked()).toBe(true);
      await shot(page, 'tips');
      await page.getByRole('button', { name: 'Continuar con ₡1,500.00' }).click();
      await payWithSandboxCard(page);
      await page.getByRole('button', { name: 'Dar propina ₡1,500.00' }).click();
      await waitForPath(page, '/social');
    });
    const stored = await journey.api.db.db.select().from(tips).where(eq(tips.serviceId, serviceId));
    expect(stored).toEqual([
      expect.objectContaining({
        amountCents: 150_000,
        currency: 'crc',
        paymentType: 'card',
        status: 'charged',
      }),
    ]);

    await step(page, 'receipt in colones', async () => {
      // SPEC 2 /finished shows the receipt; this account goes to the survey after a finish
      // (finishedScreenAfterService is off), so the spec opens it as such an account would.
      await page.goto(`${journey.api.baseUrl}/finished`);
      const receipt = page.getByRole('region', { name: 'Recibo' });
      await receipt.waitFor();
      const row = (label: string | RegExp) =>
        receipt.locator('.receipt__row').filter({ has: page.getByText(label, { exact: true }) });
      await expect.poll(() => row('Subtotal').locator('dd').textContent()).toBe('₡30,700.00');
      expect(await row('Impuestos (13%)').locator('dd').textContent()).toBe('₡3,991.00');
      expect(await row('Total').locator('dd').textContent()).toBe(TOTAL);
      await shot(page, 'receipt');
    });
  }, 180_000);
});
