import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { cardCharges } from '../../apps/api/src/db/schema.ts';
import { screenshots } from '../support/browser.ts';
import { HONDA_PR_ACCOUNT, SAN_JUAN } from '../support/demo-data.ts';
import {
  chooseService,
  giveContactDetails,
  openHome,
  payWithSandboxCard,
  sessionServiceId,
  step,
  useCurrentLocation,
  waitForPath,
} from '../support/journey-steps-common.ts';
import { useJourney } from '../support/journey.ts';

// The vehicle checks of the request flow (SPEC 4 "Request flow") for a honda member in Puerto Rico,
// whose plate lookup searches contracts and checks limits against our own API on the seeded demo
// contracts (apps/api/src/db/README.md "Road-journey cases").

const journey = useJourney({ simulator: false });
let page: Page;

beforeEach(async () => {
  page = await (await journey.phone({ geolocation: SAN_JUAN })).newPage();
  page.setDefaultTimeout(20_000);
});

/** Home → flat tire → /plate, then looks the plate up. */
async function lookUpPlate(plate: string): Promise<void> {
  await openHome(page, journey.api, 'honda', HONDA_PR_ACCOUNT);
  await chooseService(page, 'Cambio de goma');
  await waitForPath(page, '/plate');
  await page.getByRole('heading', { name: 'Tablilla del vehículo' }).waitFor();
  await page.getByRole('textbox', { name: 'Número de tablilla' }).fill(plate);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

describe('vehicle checks (honda, Puerto Rico)', () => {
  it('a plate without a contract → /other-options/vehicleNotFound, and trying again goes back to /plate', async () => {
    const shot = screenshots('vehicle-checks-not-found');
    await step(page, 'unknown plate', async () => {
      await lookUpPlate('zzz-999');
      await waitForPath(page, '/other-options/vehicleNotFound');
      await page.getByRole('heading', { name: 'No encontramos su vehículo' }).waitFor();
    });
    await shot(page, 'vehicle-not-found');
    await step(page, 'try again', async () => {
      await page.getByRole('link', { name: 'Intentar con otros datos' }).click();
      await waitForPath(page, '/plate');
    });
    await shot(page, 'plate-again');
  });

  it('a contract over its limit → /other-options/exceedLimit, offering another service', async () => {
    const shot = screenshots('vehicle-checks-exceed-limit');
    await step(page, 'over the limit', async () => {
      await lookUpPlate('VWK-874');
      await waitForPath(page, '/other-options/exceedLimit');
      await page.getByRole('heading', { name: 'Su cobertura llegó a su límite' }).waitFor();
      await page.getByRole('link', { name: 'Elegir otro servicio' }).waitFor();
    });
    await shot(page, 'exceed-limit');
  });

  it('a surplus → the summary explains it, /payment charges it, and the request is created', async () => {
    const shot = screenshots('vehicle-checks-surplus');
    await step(page, 'covered with a surplus', async () => {
      await lookUpPlate('bcx541');
      await giveContactDetails(page);
    });
    await shot(page, 'location');
    await step(page, 'location', async () => {
      await useCurrentLocation(page);
      await page.getByRole('button', { name: 'Confirmar ubicación' }).click();
      await waitForPath(page, '/location/summary');
    });
    await step(page, 'surplus explained', async () => {
      const popup = page.getByRole('dialog', { name: 'Excedente' });
      await popup.getByText('Excedente a pagar: $40.00').waitFor();
      await shot(page, 'summary-surplus-popup');
      await popup.getByRole('button', { name: 'Entendido' }).click();
      await popup.waitFor({ state: 'hidden' });
      const price = page.getByRole('region', { name: 'Precio' });
      // SPEC 4: fee 5,500 + management 500 - 2,000 covered = 4,000 cents (IVU 0 in the demo).
      expect(await price.getByRole('definition').allTextContents()).toEqual([
        '$40.00',
        '$0.00',
        '$40.00',
      ]);
      expect(await price.getByRole('term').allTextContents()).toEqual([
        'Excedente',
        'Impuesto (IVU)',
        'Total',
      ]);
    });
    await shot(page, 'summary');
    await step(page, 'to payment', async () => {
      await page.getByRole('button', { name: 'Continuar al pago' }).click();
      await waitForPath(page, '/payment');
      await page
        .getByText(
          'El servicio solicitado excede el límite de su cobertura. Pague el excedente para continuar.',
        )
        .waitFor();
      await page.getByRole('region', { name: 'Monto a pagar' }).getByText('$40.00').waitFor();
    });
    await shot(page, 'payment');
    await step(page, 'pay the surplus', async () => {
      await payWithSandboxCard(page);
      await shot(page, 'payment-filled');
      await page.getByRole('button', { name: 'Pagar $40.00' }).click();
      await waitForPath(page, '/tracking/loading');
      await page.getByRole('heading', { name: /^Hola/ }).waitFor();
    });
    await shot(page, 'tracking-loading');

    const serviceId = await sessionServiceId(page);
    const row = await journey.api.service(serviceId);
    expect(row).toMatchObject({
      accountId: HONDA_PR_ACCOUNT,
      status: 'Queued',
      situation: 'flatTire',
      vehiclePlate: 'BCX541',
      paymentMethod: 'card',
      surplusCents: 4000,
      priceCents: 4000,
    });
    // The request carries the sandbox charge of the surplus, and that charge is of 4,000 cents.
    const chargeId = row?.paymentReferences?.chargeIdStripe;
    expect(chargeId).toEqual(expect.any(String));
    const [charge] = await journey.api.db.db
      .select()
      .from(cardCharges)
      .where(eq(cardCharges.id, chargeId ?? ''));
    expect(charge).toMatchObject({
      status: 'succeeded',
      amountCents: 4000,
      currency: 'usd',
      cardLast4: '4242',
    });
  }, 90_000);
});
