import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshots } from '../support/browser.ts';
import { HONDA_PR_ACCOUNT, SAN_JUAN } from '../support/demo-data.ts';
import {
  openHome,
  sessionServiceId,
  step,
  tapChoice,
  useCurrentLocation,
  waitForPath,
  giveContactDetails,
} from '../support/journey-steps-common.ts';
import { useJourney } from '../support/journey.ts';

// A tow for a breakdown with a destination, scheduled for tomorrow, by a honda member in Puerto
// Rico whose contract covers it (ECH-155, apps/api/src/db/README.md): no payment, and a scheduled
// request ends on /service-summary (SPEC 4), with the schedule and the destination stored.

/** Puerto Rico keeps Atlantic Standard Time all year (UTC-4): the branch's clock for the picker. */
const PR_OFFSET = '-04:00';

const journey = useJourney({ simulator: false });
let page: Page;

beforeAll(async () => {
  page = await (await journey.phone({ geolocation: SAN_JUAN })).newPage();
  page.setDefaultTimeout(20_000);
});

/** Tomorrow's date in Puerto Rico, as a date input writes it (YYYY-MM-DD). */
function tomorrowInPuertoRico(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Puerto_Rico',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + 24 * 60 * 60 * 1000));
}

describe('tow scheduled for tomorrow (honda, Puerto Rico)', () => {
  it('tow for a breakdown to Bayamón, tomorrow at 10:00 → /service-summary, stored as asked', async () => {
    const shot = screenshots('tow-scheduled');

    await openHome(page, journey.api, 'honda', HONDA_PR_ACCOUNT);
    await shot(page, 'home');

    await step(page, 'services', async () => {
      await page.getByRole('link', { name: 'Solicitar asistencia' }).click();
      await waitForPath(page, '/services');
      await tapChoice(page, 'Grúa');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await waitForPath(page, '/services/tow');
    });
    await shot(page, 'tow-passengers');

    await step(page, 'passengers', async () => {
      const less = page.getByRole('button', { name: 'Un pasajero menos' });
      expect(await less.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Un pasajero más' }).click();
      await page.getByRole('button', { name: 'Un pasajero más' }).click();
      await expect
        .poll(() => page.getByRole('status', { name: 'Pasajeros' }).textContent())
        .toBe('2');
      await shot(page, 'tow-passengers-2');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await waitForPath(page, '/services/tow/questions');
    });
    await shot(page, 'tow-questions');

    await step(page, 'tow questions', async () => {
      const next = page.getByRole('button', { name: 'Continuar' });
      expect(await next.isDisabled()).toBe(true);
      await tapChoice(page, 'Se averió o no enciende');
      await next.click();
      await waitForPath(page, '/plate');
    });
    await shot(page, 'plate');

    await step(page, 'plate', async () => {
      await page.getByRole('textbox', { name: 'Número de tablilla' }).fill('ech-155');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await waitForPath(page, '/clients');
    });
    await shot(page, 'clients');
    await step(page, 'contact details', async () => {
      await giveContactDetails(page);
    });
    await shot(page, 'location');

    await step(page, 'situation and destination', async () => {
      await useCurrentLocation(page);
      await shot(page, 'location-current');
      const confirm = page.getByRole('button', { name: 'Confirmar ubicación' });
      // towBreakdown: no confirming until the destination has coordinates (SPEC 4 "Summary").
      await page.getByText('Indique a dónde llevamos su vehículo para continuar.').waitFor();
      expect(await confirm.isDisabled()).toBe(true);
      await page.getByRole('searchbox', { name: 'Destino del remolque' }).fill('Bayamón');
      await page
        .getByRole('list', { name: 'Resultados de la búsqueda' })
        .getByRole('button', { name: 'Bayamón, Puerto Rico' })
        .click();
      await shot(page, 'location-destination');
      await confirm.click();
      await waitForPath(page, '/location/summary');
    });
    await shot(page, 'summary');

    const day = tomorrowInPuertoRico();
    await step(page, 'schedule for tomorrow', async () => {
      const sheet = page.getByRole('region', { name: 'Resumen de la ubicación' });
      await sheet.getByText('Bayamón, Puerto Rico').waitFor();
      await tapChoice(page, 'Programado');
      await sheet.getByLabel('Fecha y hora').fill(`${day}T10:00`);
      await shot(page, 'summary-scheduled');
      await sheet.getByRole('button', { name: 'Solicitar servicio' }).click();
      await waitForPath(page, '/service-summary');
      await page.getByRole('heading', { name: 'Resumen del servicio' }).waitFor();
    });
    await shot(page, 'service-summary');

    const serviceId = await sessionServiceId(page);
    const row = await journey.api.service(serviceId);
    expect(row).toMatchObject({
      accountId: HONDA_PR_ACCOUNT,
      situation: 'towBreakdown',
      vehiclePlate: 'ECH155',
    });
    expect(row?.schedule?.toISOString()).toBe(
      new Date(`${day}T10:00:00${PR_OFFSET}`).toISOString(),
    );
    expect(row?.destinationAddress).toContain('Bayamón');
    // Bayamón is south-west of San Juan, a few kilometres away.
    expect(row?.destinationLat).toBeCloseTo(18.4, 0);
    expect(row?.destinationLng).toBeCloseTo(-66.16, 0);
    expect(row?.destinationLat).not.toBe(row?.situationLat);
  }, 120_000);
});
