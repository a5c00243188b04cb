import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { surveys, tips } from '../../apps/api/src/db/schema.ts';
import { screenshots } from '../support/browser.ts';
import { CONNECT_PR_ACCOUNT, CUSTOMER, SAN_JUAN } from '../support/demo-data.ts';
import {
  chooseMakeAndModel,
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

// The road journey of a connect member in Puerto Rico, in Chromium at 360x740 with a faked
// position, against the built PWA and the real API. The simulator is off: this spec plays the
// driver over the driver API so the order of what the screen shows is known.

const journey = useJourney({ simulator: false });
let page: Page;

beforeAll(async () => {
  page = await (await journey.phone({ geolocation: SAN_JUAN })).newPage();
  page.setDefaultTimeout(20_000);
});

interface Point {
  x: number;
  y: number;
}

/** The centre of a map marker on the screen now. */
async function centre(marker: Locator): Promise<Point> {
  const box = await marker.boundingBox();
  if (!box) throw new Error('The marker is not on the screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The centre of a map marker on the screen, once its move animation has settled. */
async function settledCentre(marker: Locator): Promise<Point> {
  let last: Point | null = null;
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const box = await marker.boundingBox();
    if (box) {
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      if (last && Math.abs(last.x - centre.x) < 0.5 && Math.abs(last.y - centre.y) < 0.5) {
        return centre;
      }
      last = centre;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The marker did not settle on the map');
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

describe('road journey (connect, Puerto Rico)', () => {
  it('flat tire: request, pay, watch the driver come, finish, rate 5 stars, tip and share', async () => {
    const shot = screenshots('road-journey');

    await openHome(page, journey.api, 'connect', CONNECT_PR_ACCOUNT);
    await shot(page, 'home');

    await step(page, 'services', async () => {
      await chooseService(page, 'Cambio de goma');
      // connect searches no contract (disableContractSearch): the client form comes next.
      await waitForPath(page, '/clients');
    });
    await shot(page, 'clients');

    await step(page, 'clients form', async () => {
      await page
        .getByRole('textbox', { name: 'Nombre completo' })
        .fill(`${CUSTOMER.firstName} ${CUSTOMER.lastName}`);
      await page.getByRole('textbox', { name: 'Teléfono' }).fill(CUSTOMER.phone);
      await page
        .getByRole('textbox', { name: 'Correo electrónico (opcional)' })
        .fill(CUSTOMER.email);
      // Typed in lower case: the plate is stored normalised.
      const { vehicle } = CUSTOMER;
      await page.getByRole('textbox', { name: 'Tablilla' }).fill(vehicle.plate.toLowerCase());
      await chooseMakeAndModel(page, vehicle.make, vehicle.model);
      await page.getByRole('checkbox', { name: /Acepto la política de privacidad/ }).check();
      await shot(page, 'clients-filled');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await waitForPath(page, '/location');
      await page.getByRole('heading', { name: '¿Dónde necesita el servicio?' }).waitFor();
    });
    await shot(page, 'location');

    await step(page, 'current location', async () => {
      await useCurrentLocation(page);
      await page.getByRole('button', { name: 'Confirmar ubicación' }).click();
      await waitForPath(page, '/location/summary');
    });
    await shot(page, 'location-summary');

    await step(page, 'summary', async () => {
      const sheet = page.getByRole('region', { name: 'Resumen de la ubicación' });
      await sheet.getByText('35 - 45 minutos').waitFor();
      expect(await sheet.getByRole('radio', { name: 'Ahora' }).isChecked()).toBe(true);
      await sheet.getByRole('region', { name: 'Precio' }).getByText('$60.00').first().waitFor();
      await sheet.getByRole('button', { name: 'Continuar al pago' }).click();
      await waitForPath(page, '/payment');
    });
    await shot(page, 'payment');

    await step(page, 'sandbox card', async () => {
      await payWithSandboxCard(page);
      await shot(page, 'payment-filled');
      await page.getByRole('button', { name: 'Pagar $60.00' }).click();
      await waitForPath(page, '/tracking/loading');
      await page.getByRole('heading', { name: `Hola, ${CUSTOMER.firstName}` }).waitFor();
    });
    await shot(page, 'tracking-loading');

    const serviceId = await sessionServiceId(page);
    const created = await journey.api.service(serviceId);
    expect(created).toMatchObject({ status: 'Queued', situation: 'flatTire' });
    expect(created?.vehiclePlate).toBe(CUSTOMER.vehicle.plate);

    const driver = await journey.api.dispatchNext();
    if (!driver) throw new Error('The dispatcher found no service to assign');
    expect(driver.serviceId).toBe(serviceId);

    const titles: string[] = [];
    const title = async (name: string | RegExp) => {
      const heading = page.getByRole('heading', { level: 1, name });
      await heading.waitFor();
      titles.push((await heading.textContent()) ?? '');
    };

    const start = { lat: 18.405, lng: -66.09 };
    const closer = { lat: 18.415, lng: -66.08 };
    await driver.position(start.lat, start.lng);
    await step(page, 'accepted', async () => {
      await driver.accept();
      await waitForPath(page, '/tracking');
      await title(/^.+ estará con usted pronto$/);
    });
    await shot(page, 'tracking-accepted');

    const driverMarker = page.locator('.map-marker--driver');
    const situationMarker = page.locator('.map-marker--situation');
    await driverMarker.waitFor();
    await expect.poll(() => page.getByRole('img', { name: 'Proveedor' }).count()).toBe(1);
    const situationAt = await settledCentre(situationMarker);
    const firstAt = await settledCentre(driverMarker);

    await step(page, 'on route', async () => {
      await driver.tripStatus('ON_ROUTE');
      await title('Su asistencia va en camino');
      await page.getByText(/^Hora estimada: \d{1,2}:\d{2}(AM|PM)$/).waitFor();
    });
    await step(page, 'driver moves', async () => {
      await driver.position(closer.lat, closer.lng, 45);
      await expect
        .poll(async () => distance(await centre(driverMarker), firstAt))
        .toBeGreaterThan(20);
    });
    const secondAt = await settledCentre(driverMarker);
    await shot(page, 'tracking-on-route');
    // The driver drove towards the customer: the marker is nearer the service pin on the screen.
    expect(distance(secondAt, situationAt)).toBeLessThan(distance(firstAt, situationAt) - 20);

    await step(page, 'arrived', async () => {
      await driver.tripStatus('ARRIVED');
      await title('Brindando asistencia');
    });
    await shot(page, 'tracking-arrived');
    expect(titles).toEqual([
      expect.stringMatching(/^\S.* estará con usted pronto$/),
      'Su asistencia va en camino',
      'Brindando asistencia',
    ]);

    await step(page, 'finished', async () => {
      await driver.tripStatus('FINISHED');
      await waitForPath(page, '/survey');
      await page.getByRole('heading', { name: 'Cuéntenos su experiencia' }).waitFor();
    });
    await shot(page, 'survey');

    await step(page, 'survey', async () => {
      await page
        .getByRole('group', { name: '¿Cómo califica al proveedor?' })
        .getByRole('radio', { name: '5 estrellas' })
        .check({ force: true });
      await tapChoice(page, '10');
      await page.getByRole('textbox', { name: '¿Qué podemos mejorar?' }).fill('Todo excelente');
      await shot(page, 'survey-answered');
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await waitForPath(page, '/tips');
    });
    await shot(page, 'tips');

    await step(page, 'tips', async () => {
      expect(await page.getByRole('radio', { name: '$3.00' }).isChecked()).toBe(true);
      // connect tips by card (the tips screen's card step): the sandbox card form again.
      await page.getByRole('button', { name: 'Continuar con $3.00' }).click();
      await payWithSandboxCard(page);
      await shot(page, 'tip-card');
      await page.getByRole('button', { name: 'Dar propina $3.00' }).click();
      await waitForPath(page, '/social');
      await page.getByRole('heading', { name: 'Comparta su experiencia' }).waitFor();
    });
    await shot(page, 'social');

    const finished = await journey.api.service(serviceId);
    expect(finished).toMatchObject({ status: 'Finished', surveysAnswered: true });
    const [survey] = await journey.api.db.db
      .select()
      .from(surveys)
      .where(eq(surveys.serviceId, serviceId));
    expect(survey?.answers).toEqual({
      provider: 5,
      recommendationScore: 10,
      productExperience: 'Todo excelente',
    });
    const stored = await journey.api.db.db.select().from(tips).where(eq(tips.serviceId, serviceId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ amountCents: 300, currency: 'usd' });
  }, 180_000);
});
