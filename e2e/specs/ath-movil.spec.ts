import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cardCharges,
  mobilePayments,
  paymentClaims,
  services,
} from '../../apps/api/src/db/schema.ts';
import { demoAccountId } from '../../apps/api/src/db/seed/index.ts';
import { screenshots } from '../support/browser.ts';
import { CONNECT_PR_ACCOUNT, CUSTOMER, SAN_JUAN } from '../support/demo-data.ts';
import {
  chooseService,
  openHome,
  sessionServiceId,
  step,
  tapChoice,
  useCurrentLocation,
  waitForPath,
} from '../support/journey-steps-common.ts';
import { useJourney } from '../support/journey.ts';

// ATH Móvil on /payment (decision 665) for a connect member in Puerto Rico, in Chromium at 360x740
// against the built PWA and the real API with its embedded ATH Móvil sandbox (decision 433): the
// sandbox approves any number at once, except 787-555-0002, whose payment is cancelled. Cash for the
// connect Visitor, whose account allows it. The stored service and the payment records are read
// from the database, not from the screen.

const journey = useJourney({ simulator: false });
let page: Page;

beforeEach(async () => {
  page = await (await journey.phone({ geolocation: SAN_JUAN })).newPage();
  page.setDefaultTimeout(20_000);
});

/** Connect's fee for a flat tire in Puerto Rico: 5,500 + management 500, IVU 0 in the demo. */
const TOTAL = '$60.00';

/** The connect Visitor account in Puerto Rico, whose providers collect cash (decision 665). */
const CONNECT_PR_VISITOR = demoAccountId('connect', 'PR', 'visitor');

/** Home → flat tire → /clients → current location → summary → /payment, as the customer taps. */
async function requestFlatTireUpToPayment(account = CONNECT_PR_ACCOUNT): Promise<void> {
  await openHome(page, journey.api, 'connect', account);
  await chooseService(page, 'Cambio de goma');
  await waitForPath(page, '/clients');
  await page
    .getByRole('textbox', { name: 'Nombre completo' })
    .fill(`${CUSTOMER.firstName} ${CUSTOMER.lastName}`);
  await page.getByRole('textbox', { name: 'Teléfono' }).fill(CUSTOMER.phone);
  await page.getByRole('textbox', { name: 'Correo electrónico (opcional)' }).fill(CUSTOMER.email);
  await page.getByRole('textbox', { name: 'Tablilla' }).fill(CUSTOMER.vehicle.plate);
  await page.getByRole('checkbox', { name: /Acepto la política de privacidad/ }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await waitForPath(page, '/location');
  await useCurrentLocation(page);
  await page.getByRole('button', { name: 'Confirmar ubicación' }).click();
  await waitForPath(page, '/location/summary');
  await page.getByRole('button', { name: 'Continuar al pago' }).click();
  await waitForPath(page, '/payment');
  await page
    .getByRole('region', { name: 'Monto a pagar' })
    .getByText(/^\$\d+\.\d\d$/)
    .waitFor();
}

/** Chooses ATH Móvil and sends the payment to `phone`; the approval step comes next. */
async function payWithAthMovil(phone: string): Promise<void> {
  await page.getByRole('group', { name: 'Forma de pago' }).waitFor();
  await tapChoice(page, 'ATH Móvil');
  await page.getByText('Sandbox / Modo de prueba: no se cobra dinero real').waitFor();
  await page.getByRole('textbox', { name: 'Teléfono de su cuenta ATH Móvil' }).fill(phone);
  await page.getByRole('button', { name: `Pagar ${TOTAL} con ATH Móvil` }).click();
  await page.getByRole('heading', { name: 'Apruebe el pago en ATH Móvil' }).waitFor();
}

/** The records of a service id: the service, the claims on payments, the mobile payments. */
async function recordsOf(serviceId: string) {
  const { db } = journey.api.db;
  return {
    services: await db.select().from(services).where(eq(services.id, serviceId)),
    claims: await db.select().from(paymentClaims).where(eq(paymentClaims.serviceId, serviceId)),
    mobilePayments: await db
      .select()
      .from(mobilePayments)
      .where(eq(mobilePayments.serviceId, serviceId)),
  };
}

describe('ATH Móvil sandbox and cash on /payment (connect, Puerto Rico)', () => {
  it('a flat tire paid with ATH Móvil: approved, verified by the server, stored as ath_movil', async () => {
    const shot = screenshots('ath-movil-approved');
    await step(page, 'to /payment', requestFlatTireUpToPayment);
    await shot(page, 'payment-methods');
    // Card first and chosen, as before; ATH Móvil offered because the service is in Puerto Rico;
    // no cash: this account does not allow it.
    const methods = page.getByRole('group', { name: 'Forma de pago' });
    await expect.poll(() => methods.getByRole('radio').count()).toBe(2);
    expect(await methods.getByRole('radio', { name: 'Tarjeta' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Número de tarjeta' }).waitFor();

    await step(page, 'ATH Móvil payment', async () => {
      await payWithAthMovil('787-555-0100');
      await shot(page, 'approve-in-ath-movil');
      await page
        .getByText(`Enviamos un pago de ${TOTAL} al 787\u2011555\u20110100.`, { exact: false })
        .waitFor();
      await page.getByRole('button', { name: 'Ya aprobé el pago' }).click();
      await waitForPath(page, '/tracking/loading');
      await page.getByRole('heading', { name: `Hola, ${CUSTOMER.firstName}` }).waitFor();
    });
    await shot(page, 'tracking-loading');

    const serviceId = await sessionServiceId(page);
    const records = await recordsOf(serviceId);
    const [payment] = records.mobilePayments;
    expect(records.mobilePayments).toHaveLength(1);
    // The sandbox's payment, completed with its reference, for the total the server computed.
    expect(payment).toMatchObject({
      provider: 'sandbox',
      purpose: 'service',
      status: 'completed',
      subtotalCents: 6000,
      taxCents: 0,
      currency: 'usd',
      referenceNumber: expect.stringMatching(/^sandbox-[0-9a-f]{16}$/) as unknown,
    });
    expect(records.services[0]).toMatchObject({
      status: 'Queued',
      situation: 'flatTire',
      paymentMethod: 'ath_movil',
      payments: { subtotal: 6000, tax: 0, total: 6000 },
      paymentReferences: { chargeIdStripe: payment?.id, cardIdStripe: null },
    });
    // Verified and claimed once, with the service, by the server.
    expect(records.claims).toMatchObject([
      { reference: `mobile:sandbox:${payment?.id}`, purpose: 'service', amountCents: 6000 },
    ]);
  });

  it('a declined ATH Móvil payment shows the translated error and creates nothing', async () => {
    const shot = screenshots('ath-movil-declined');
    await step(page, 'to /payment', requestFlatTireUpToPayment);
    const charges = await journey.api.db.db.select().from(cardCharges);

    await step(page, 'declined in ATH Móvil', async () => {
      // The sandbox's decline number (SANDBOX_MOBILE_CANCEL_PHONE, decision 433).
      await payWithAthMovil('787-555-0002');
      await page.getByRole('button', { name: 'Ya aprobé el pago' }).click();
      await page
        .getByRole('alert')
        .getByText(
          'ATH Móvil no aprobó el pago: fue rechazado, cancelado o venció. No se le cobró y su solicitud no se envió. Puede intentarlo de nuevo.',
        )
        .waitFor();
    });
    await shot(page, 'declined');
    expect(new URL(page.url()).pathname).toBe('/payment');
    // The customer can try again: the phone field is back, with focus.
    const phone = page.getByRole('textbox', { name: 'Teléfono de su cuenta ATH Móvil' });
    await expect.poll(() => phone.evaluate((input) => input === document.activeElement)).toBe(true);

    const serviceId = await sessionServiceId(page);
    const records = await recordsOf(serviceId);
    expect(records.services).toEqual([]);
    expect(records.claims).toEqual([]);
    // Only the attempt, as the provider left it: cancelled, no reference, nothing charged.
    expect(records.mobilePayments).toMatchObject([{ status: 'cancelled', referenceNumber: null }]);
    expect(await journey.api.db.db.select().from(cardCharges)).toEqual(charges);
    expect(await journey.api.service(serviceId)).toBeUndefined();
  });

  it('cash, for an account that allows it: the request says cash and nothing is charged', async () => {
    const shot = screenshots('cash-payment');
    await step(page, 'to /payment', () => requestFlatTireUpToPayment(CONNECT_PR_VISITOR));
    const charges = await journey.api.db.db.select().from(cardCharges);
    await step(page, 'cash', async () => {
      const methods = page.getByRole('group', { name: 'Forma de pago' });
      await expect.poll(() => methods.getByRole('radio').count()).toBe(3);
      await tapChoice(page, 'Efectivo');
      const total = page.getByRole('region', { name: 'Monto a pagar' }).locator('strong');
      await page
        .getByText(
          `No se le cobrará ahora. Pague ${await total.innerText()} en efectivo al proveedor cuando llegue.`,
        )
        .waitFor();
      await shot(page, 'cash');
      await page.getByRole('button', { name: 'Enviar solicitud y pagar en efectivo' }).click();
      await waitForPath(page, '/tracking/loading');
      await page.getByRole('heading', { name: `Hola, ${CUSTOMER.firstName}` }).waitFor();
    });

    const serviceId = await sessionServiceId(page);
    const records = await recordsOf(serviceId);
    expect(records.services[0]).toMatchObject({
      accountId: CONNECT_PR_VISITOR,
      paymentMethod: 'cash',
      paymentReferences: { chargeIdStripe: null, customerIdStripe: null, cardIdStripe: null },
    });
    // The provider collects the total on site: it is stored, and nothing was charged or claimed.
    expect(records.services[0]?.payments?.total).toBeGreaterThan(0);
    expect(records.claims).toEqual([]);
    expect(records.mobilePayments).toEqual([]);
    expect(await journey.api.db.db.select().from(cardCharges)).toEqual(charges);
  });
});
