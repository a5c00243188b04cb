import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshots } from '../support/browser.ts';
import { HONDA_PR_ACCOUNT, SAN_JUAN } from '../support/demo-data.ts';
import {
  chooseMakeAndModel,
  openHome,
  sessionServiceId,
  shownMake,
  step,
  tapChoice,
  useCurrentLocation,
  waitForPath,
} from '../support/journey-steps-common.ts';
import { useJourney } from '../support/journey.ts';

// Issue 14, road journey gaps: a tow with 3 passengers and a make and model picked from the vehicle
// catalogue, by a honda member in Puerto Rico whose contract covers the tow (ECH-155, a Jeep
// Renegade: apps/api/src/db/README.md). The passengers travel with the request and are stored
// (decision 650); make and model come from the catalogue pickers and survive a reload (decision
// 651); both summaries show the tow's destination (decision 652). Scheduled for tomorrow, so the
// request ends on /service-summary (SPEC 4) and nothing is dispatched meanwhile.

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

/** Scrolls a field to the middle of the screen, above the fixed Continuar bar, for a screenshot. */
async function centre(field: Locator): Promise<void> {
  await field.evaluate((element) => {
    element.scrollIntoView({ block: 'center' });
  });
}

/** The rows of a description list as [term, description] pairs, in screen order. */
async function rowsOf(list: Locator): Promise<string[][]> {
  return list
    .locator('dt')
    .evaluateAll((terms) =>
      terms.map((term) => [
        term.textContent.trim(),
        term.nextElementSibling?.textContent.trim() ?? '',
      ]),
    );
}

describe('tow passengers and catalogue vehicle (honda, Puerto Rico)', () => {
  it('3 passengers and a Toyota Tacoma from the pickers → stored with the service; the summaries show the destination', async () => {
    const shot = screenshots('tow-passengers-and-vehicle');

    await openHome(page, journey.api, 'honda', HONDA_PR_ACCOUNT);

    await step(page, 'services', async () => {
      await page.getByRole('link', { name: 'Solicitar asistencia' }).click();
      await waitForPath(page, '/services');
      await tapChoice(page, 'Grúa');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await waitForPath(page, '/services/tow');
    });

    await step(page, 'three passengers', async () => {
      const more = page.getByRole('button', { name: 'Un pasajero más' });
      for (let tap = 0; tap < 3; tap += 1) await more.click();
      await expect
        .poll(() => page.getByRole('status', { name: 'Pasajeros' }).textContent())
        .toBe('3');
      await page.getByText('Hasta 8 pasajeros.').waitFor();
      await shot(page, 'tow-three-passengers');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await waitForPath(page, '/services/tow/questions');
    });

    await step(page, 'tow questions', async () => {
      await tapChoice(page, 'Se averió o no enciende');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await waitForPath(page, '/plate');
    });

    await step(page, 'plate', async () => {
      await page.getByRole('textbox', { name: 'Número de tablilla' }).fill('ech-155');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await waitForPath(page, '/clients');
      await page.getByRole('heading', { name: 'Sus datos' }).waitFor();
    });

    await step(page, 'make and model from the catalogue', async () => {
      // The contract's vehicle shows in the pickers: a Jeep Renegade.
      expect(await shownMake(page)).toBe('Jeep');
      const model = page.getByRole('combobox', { name: 'Modelo (opcional)' });
      await expect.poll(() => model.inputValue()).toBe('Renegade');
      await centre(model);
      await shot(page, 'clients-contract-vehicle');

      await page.getByRole('textbox', { name: 'Nombre completo' }).fill('Ana Rivera Soto');
      await page.getByRole('textbox', { name: 'Teléfono' }).fill('787-555-0142');
      // 'Otra marca' opens a text field ...
      await page.getByRole('combobox', { name: 'Marca (opcional)' }).selectOption({
        label: 'Otra marca',
      });
      const otherMake = page.getByRole('textbox', { name: 'Escriba la marca' });
      await centre(otherMake);
      await shot(page, 'clients-other-make');
      // ... and the customer picks from the catalogue after all: Puerto Rico's Tacoma.
      await chooseMakeAndModel(page, 'Toyota', 'Tacoma');
      expect(await otherMake.count()).toBe(0);
      await centre(page.getByRole('combobox', { name: 'Modelo (opcional)' }));
      await shot(page, 'clients-toyota-tacoma');
    });

    await step(page, 'a reload keeps what was chosen and typed', async () => {
      await page.reload();
      await page.getByRole('heading', { name: 'Sus datos' }).waitFor();
      expect(await shownMake(page)).toBe('Toyota');
      const model = page.getByRole('combobox', { name: 'Modelo (opcional)' });
      await expect.poll(() => model.inputValue()).toBe('Tacoma');
      expect(await page.getByRole('textbox', { name: 'Nombre completo' }).inputValue()).toBe(
        'Ana Rivera Soto',
      );
      await page.getByRole('checkbox', { name: /Acepto la política de privacidad/ }).check();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await waitForPath(page, '/location');
    });

    await step(page, 'situation and destination', async () => {
      await useCurrentLocation(page);
      await page.getByRole('searchbox', { name: 'Destino del remolque' }).fill('Bayamón');
      await page
        .getByRole('list', { name: 'Resultados de la búsqueda' })
        .getByRole('button', { name: 'Bayamón, Puerto Rico' })
        .click();
      await page.getByRole('button', { name: 'Confirmar ubicación' }).click();
      await waitForPath(page, '/location/summary');
    });

    const day = tomorrowInPuertoRico();
    await step(page, 'summary: destination, passengers and vehicle', async () => {
      const sheet = page.getByRole('region', { name: 'Resumen de la ubicación' });
      const places = sheet.getByRole('region', { name: 'Servicio en' });
      await places.getByText('Bayamón, Puerto Rico').waitFor();
      const rows = await rowsOf(places);
      expect(rows.slice(1)).toEqual([
        ['Destino', 'Bayamón, Puerto Rico'],
        ['Pasajeros', '3 pasajeros'],
      ]);
      const vehicle = sheet.getByRole('region', { name: 'Información del vehículo' });
      expect(await rowsOf(vehicle)).toEqual(
        expect.arrayContaining([
          ['Marca', 'Toyota'],
          ['Modelo', 'Tacoma'],
        ]),
      );
      await shot(page, 'summary');
      await tapChoice(page, 'Programado');
      await sheet.getByLabel('Fecha y hora').fill(`${day}T10:00`);
      await sheet.getByRole('button', { name: 'Solicitar servicio' }).click();
      await waitForPath(page, '/service-summary');
    });

    await step(page, 'service summary', async () => {
      await page.getByRole('heading', { name: 'Resumen del servicio' }).waitFor();
      const facts = page.locator('dl.service-facts');
      await facts.getByText('Bayamón, Puerto Rico').waitFor();
      expect(await rowsOf(facts)).toEqual(
        expect.arrayContaining([
          ['Destino', 'Bayamón, Puerto Rico'],
          ['Pasajeros', '3 pasajeros'],
          // The contract's year stays: the customer changed the make and model only.
          ['Vehículo', 'Toyota Tacoma 2020 · ECH155'],
        ]),
      );
      await shot(page, 'service-summary');
    });

    const row = await journey.api.service(await sessionServiceId(page));
    expect(row).toMatchObject({
      accountId: HONDA_PR_ACCOUNT,
      situation: 'towBreakdown',
      passengers: 3,
      vehicleMake: 'Toyota',
      vehicleModel: 'Tacoma',
      vehiclePlate: 'ECH155',
    });
    expect(row?.destinationAddress).toContain('Bayamón');
  }, 120_000);
});
