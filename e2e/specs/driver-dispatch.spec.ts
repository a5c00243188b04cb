import { buildCancelRequest } from '@auxilio/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { drivers, uploads } from '../../apps/api/src/db/schema.ts';
import { screenshots } from '../support/browser.ts';
import { SAN_JUAN } from '../support/demo-data.ts';
import { waitForPath } from '../support/journey-steps-common.ts';
import { useJourney } from '../support/journey.ts';
import { createTestService, type CreatedService } from '../support/services.ts';
import {
  seededSession,
  seedSessionOnce,
  trackingTitle,
} from '../support/tracking-steps-session.ts';

// The driver app end to end (docs/decisions/761), on its own API without the driver simulator: a
// driver signs in on the bundled identity provider with e-mail and PIN, goes online and gets the
// offer of a customer's request; accepting it puts the driver's name on the customer's tracking
// screen, each step the driver taps moves the customer's title, and finishing leads to the survey.

// The dispatch engine offers the request; under vitest it is off unless asked for.
const journey = useJourney({ simulator: false, env: () => ({ DISPATCH_ENGINE: 'true' }) });

/** A photo as small as a photo gets: one pixel. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let driver: typeof drivers.$inferSelect;
/** The request of an earlier attempt of the test (a retry starts without it). */
let earlierRequest: CreatedService | undefined;
let attempt = 0;

/**
 * Each attempt starts from the same state: its own driver (one an earlier attempt never signed in),
 * offline until the app switches it online and the only one able to take the offer, and no request
 * of an earlier attempt left waiting for a driver.
 */
async function oneIdleDriver(): Promise<void> {
  if (earlierRequest) {
    const voided = await fetch(`${journey.api.baseUrl}/common/services/holdEdit`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': journey.api.appKey,
        authorization: `Bearer ${earlierRequest.token}`,
      },
      body: JSON.stringify(buildCancelRequest(earlierRequest.serviceId, 'No necesito servicio')),
    });
    // 409: the earlier attempt got as far as finishing it.
    if (!voided.ok && voided.status !== 409) throw new Error(`Void: HTTP ${voided.status}`);
  }
  const { db } = journey.api.db;
  const candidates = await db
    .select()
    .from(drivers)
    .where(and(eq(drivers.branch, 'PR'), eq(drivers.vehicleType, 'service_car')))
    .orderBy(drivers.id)
    .limit(attempt + 1);
  const chosen = candidates[attempt];
  if (!chosen) throw new Error('Not enough seeded service cars in Puerto Rico');
  attempt += 1;
  driver = chosen;
  await db.update(drivers).set({ online: false });
  await db.update(drivers).set({ status: 'busy' }).where(ne(drivers.id, driver.id));
  await db.update(drivers).set({ status: 'available' }).where(eq(drivers.id, driver.id));
}

async function signInDriver(page: Page, shot: (page: Page, step: string) => Promise<void>) {
  await page.goto(`${journey.api.baseUrl}/driver`, { waitUntil: 'networkidle' });
  await shot(page, 'driver-sign-in');
  await page.getByRole('button', { name: 'Entrar como conductor' }).click();
  await page.getByRole('heading', { name: 'Inicio de sesión para conductores' }).waitFor();
  await page.getByLabel('Correo electrónico').fill(driver.email);
  await page.getByLabel('PIN').fill('1234');
  await shot(page, 'driver-provider-login');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: 'Autorizar a Auxilio' }).waitFor();
  await page.getByRole('button', { name: 'Permitir', exact: true }).click();
  await waitForPath(page, '/driver');
  await page.getByText(`Hola, ${driver.name}`).waitFor();
}

describe('a driver takes a customer’s request in the driver app', () => {
  it('signs in, goes online, accepts the offer; the customer follows every step to the survey', async () => {
    await oneIdleDriver();
    const shot = screenshots('driver-dispatch');
    const driverPage = await (await journey.phone({ geolocation: SAN_JUAN })).newPage();
    await signInDriver(driverPage, shot);
    const toggle = driverPage.getByRole('switch', { name: 'Recibir ofertas' });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await shot(driverPage, 'driver-offline');
    await toggle.click();
    await driverPage.getByRole('heading', { name: 'Esperando ofertas…' }).waitFor();
    await driverPage.getByText(/Última posición recibida: /).waitFor({ timeout: 20_000 });
    await shot(driverPage, 'driver-waiting');

    const created = await createTestService(journey.api);
    earlierRequest = created;
    const customer = await (await journey.phone({ geolocation: SAN_JUAN })).newPage();
    await seedSessionOnce(customer, seededSession(created));
    await customer.goto(`${journey.api.baseUrl}/tracking?brand=${created.brand}`, {
      waitUntil: 'load',
    });
    await shot(customer, 'customer-looking');

    const offer = driverPage.getByRole('region', { name: 'cambio de goma' });
    await offer.waitFor({ timeout: 30_000 });
    await driverPage
      .getByRole('timer')
      .filter({ hasText: /Responda en \d+ s/ })
      .waitFor();
    await shot(driverPage, 'driver-offer');
    await offer.getByRole('button', { name: 'Aceptar' }).click();
    await driverPage.getByRole('button', { name: 'Voy en camino' }).waitFor();
    // SPEC: the customer sees who is coming as soon as the driver accepted. How soon is measured
    // by bench/status-latency.ts (a driver assigned → named on the screen), not by this timeout.
    await customer.getByText(driver.name).first().waitFor({ timeout: 10_000 });
    await shot(driverPage, 'driver-trip-accepted');
    await shot(customer, 'customer-accepted');
    expect(await journey.api.service(created.serviceId)).toMatchObject({
      driverId: driver.id,
      tripStatus: 'ACCEPTED',
    });

    const title = trackingTitle(customer);
    const accepted = (await title.textContent()) ?? '';
    await driverPage.getByRole('button', { name: 'Voy en camino' }).click();
    await driverPage.getByRole('button', { name: 'Llegué' }).waitFor();
    await expect.poll(() => title.textContent(), { timeout: 10_000 }).not.toBe(accepted);
    await shot(driverPage, 'driver-on-route');
    await shot(customer, 'customer-on-route');

    // An optional photo of the trip: stored as the driver's, never among the customer's.
    await driverPage.getByLabel('Tomar foto').setInputFiles({
      name: 'IMG_0001.png',
      mimeType: 'image/png',
      buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
    });
    await driverPage.getByText('Lista').waitFor();
    await shot(driverPage, 'driver-photo');
    const photos = await journey.api.db.db
      .select({ takenBy: uploads.takenBy, recordedAt: uploads.recordedAt })
      .from(uploads)
      .where(eq(uploads.serviceId, created.serviceId));
    expect(
      photos.map(({ takenBy, recordedAt }) => ({ takenBy, recorded: recordedAt !== null })),
    ).toEqual([{ takenBy: 'driver', recorded: true }]);

    await driverPage.getByRole('button', { name: 'Llegué' }).click();
    await driverPage.getByRole('button', { name: 'Finalizar servicio' }).waitFor();
    await title.filter({ hasText: 'Brindando asistencia' }).waitFor({ timeout: 10_000 });
    await shot(customer, 'customer-arrived');

    await driverPage.getByRole('button', { name: 'Finalizar servicio' }).click();
    await shot(driverPage, 'driver-finish-confirm');
    await driverPage.getByRole('button', { name: 'Sí, finalizar' }).click();
    await driverPage.getByRole('heading', { name: 'Esperando ofertas…' }).waitFor();
    await waitForPath(customer, '/survey');
    await shot(customer, 'customer-survey');
    await shot(driverPage, 'driver-after-trip');
    expect(await journey.api.service(created.serviceId)).toMatchObject({ status: 'Finished' });
  });
});
