import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CustomerContractSchema, formatMoney, ServiceSchema } from '@auxilio/domain';
import { screenshots } from '../support/browser.ts';
import { CONNECT_HOME_PR_ACCOUNT, SAN_JUAN } from '../support/demo-data.ts';
import {
  dragMapUnderPin,
  sessionServiceId,
  step,
  tapChoice,
  waitForPath,
} from '../support/journey-steps-common.ts';
import { useJourney } from '../support/journey.ts';
import { createTestService } from '../support/services.ts';
import { seededSession, seedSessionOnce } from '../support/tracking-steps-session.ts';

// The home track of a home-repair brand (Connect Hogar, Puerto Rico member): plumbing, a water
// leak, the address on the map, the customer's details, a visit in 3 days in the afternoon, then
// /service-summary (SPEC 2, 3, 4, 5, 9). The stored request is checked as an operator sees it.

const BRAND = 'connect-home-repair-ondemand-pr';

const journey = useJourney({ simulator: false });
let page: Page;

beforeAll(async () => {
  page = await (await journey.phone({ geolocation: SAN_JUAN })).newPage();
  page.setDefaultTimeout(20_000);
});

/** A day in Puerto Rico some days from now, as a date input writes it (YYYY-MM-DD). */
function dayInPuertoRico(daysAhead: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Puerto_Rico',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + daysAhead * 24 * 60 * 60 * 1000));
}

/** 'MM/DD/YYYY' of a 'YYYY-MM-DD' day (SPEC 5 "Date format MM/DD/YYYY"). */
function mmddyyyy(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month ?? ''}/${date ?? ''}/${year ?? ''}`;
}

/** The service token the PWA keeps in its session (SPEC 3). */
async function sessionToken(): Promise<string> {
  const token = await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('auxilio:session') ?? '{}') as {
      state?: { session?: { token?: string | null } };
    };
    return stored.state?.session?.token ?? null;
  });
  if (!token) throw new Error('The session holds no service token');
  return token;
}

describe('home track (Connect Hogar, Puerto Rico)', () => {
  it('plumbing → water leak → address on the map → in 3 days, afternoon → /service-summary', async () => {
    const shot = screenshots('home-track');

    await page.goto(
      `${journey.api.baseUrl}/?brand=${BRAND}&account=${CONNECT_HOME_PR_ACCOUNT}&track=home`,
    );
    await step(page, 'home tiles', async () => {
      await page.getByRole('link', { name: 'Solicitar asistencia' }).click();
      await waitForPath(page, '/services');
      await tapChoice(page, 'Plomería');
      await shot(page, 'services');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await waitForPath(page, '/services/home');
    });

    await step(page, 'sub-service', async () => {
      await page.getByRole('heading', { name: 'Plomería' }).waitFor();
      const confirm = page.getByRole('button', { name: 'Confirmar' });
      // SPEC 5 "Home sub-service confirm needs a selected service".
      expect(await confirm.isDisabled()).toBe(true);
      await tapChoice(page, 'Fuga de agua');
      await shot(page, 'sub-services');
      await confirm.click();
      await waitForPath(page, '/location');
    });

    await step(page, 'address on the map', async () => {
      await page.getByRole('button', { name: 'Elegir en el mapa' }).click();
      await waitForPath(page, '/location/situation');
      await page.getByRole('heading', { name: 'Mueva el mapa hasta su ubicación' }).waitFor();
      await dragMapUnderPin(page);
      // The address under the pin, found through the API's reverse geocoding.
      await expect
        .poll(() => page.locator('.point-on-map__address').textContent())
        .toMatch(/Puerto Rico/);
      await shot(page, 'point-on-map');
      await page.getByRole('button', { name: 'OK' }).click();
      await waitForPath(page, '/location');
      await page.getByRole('button', { name: 'Cambiar : Ubicación del servicio' }).waitFor();
      await shot(page, 'location');
      await page.getByRole('button', { name: 'Confirmar ubicación' }).click();
      // SPEC 4 "a home-track request confirms location, then /clients".
      await waitForPath(page, '/clients');
    });

    await step(page, 'contact details', async () => {
      await page.getByRole('heading', { name: 'Sus datos' }).waitFor();
      // A home visit asks for no vehicle.
      expect(await page.getByRole('textbox', { name: /^Tablilla/ }).count()).toBe(0);
      await page.getByRole('textbox', { name: 'Nombre completo' }).fill('Ana Rivera Soto');
      await page.getByRole('textbox', { name: 'Teléfono' }).fill('787-555-0142');
      await page.getByRole('checkbox', { name: /Acepto la política de privacidad/ }).check();
      await shot(page, 'clients');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await waitForPath(page, '/location/summary');
    });

    const visitDay = dayInPuertoRico(3);
    let shownRate = '';
    await step(page, 'date, window and price', async () => {
      const date = page.getByLabel('Fecha de la visita');
      // SPEC 9 "home date default 2 days ahead".
      await expect.poll(() => date.inputValue()).toBe(dayInPuertoRico(2));
      expect(await date.getAttribute('min')).toBe(dayInPuertoRico(2));
      const request = page.getByRole('button', { name: 'Solicitar servicio' });
      // SPEC 5 "Request button disabled for home when no availability is chosen".
      expect(await request.isDisabled()).toBe(true);
      await shot(page, 'summary');

      // SPEC 5 "Home availability date at least 2 days from today": tomorrow is refused.
      await date.fill(dayInPuertoRico(1));
      await page.getByText('Elija una fecha con al menos 2 días de anticipación.').waitFor();
      await tapChoice(page, 'Tarde');
      expect(await request.isDisabled()).toBe(true);
      await shot(page, 'summary-too-soon');

      await date.fill(visitDay);
      await page.getByText('Elija una fecha con al menos 2 días de anticipación.').waitFor({
        state: 'detached',
      });
      const price = page.getByRole('region', { name: 'Precio' });
      await price.getByText('Tarifa del servicio').waitFor();
      await price.getByText('$0.00').waitFor();
      shownRate = (await price.locator('dd').first().textContent()) ?? '';
      expect(shownRate).toMatch(/^\$\d/);
      expect(await request.isDisabled()).toBe(false);
      await shot(page, 'summary-ready');
      await request.click();
      // SPEC 4: a home service goes to /service-summary.
      await waitForPath(page, '/service-summary');
    });

    const serviceId = await sessionServiceId(page);
    const row = await journey.api.service(serviceId);
    await step(page, 'service summary', async () => {
      await page.getByRole('heading', { name: 'Resumen del servicio' }).waitFor();
      await page.getByText('Plomería · Fuga de agua').waitFor();
      await page.getByText('Tarde', { exact: true }).waitFor();
      const when = new Intl.DateTimeFormat('es', {
        timeZone: 'UTC',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(new Date(`${visitDay}T12:00:00Z`));
      await page.getByText(when).waitFor();
      await page.getByText(`#${row?.serviceNumber ?? ''}`).waitFor();
      await page.getByRole('button', { name: 'Cancelar servicio' }).waitFor();
      await shot(page, 'service-summary');
    });

    // The stored request, as an operator reads it: the home payload of SPEC 3.
    expect(row).toMatchObject({
      accountId: CONNECT_HOME_PR_ACCOUNT,
      serviceType: 'home',
      situation: 'Plumbing',
      home: { subService: 'leak', date: visitDay, availability: 'afternoon' },
      notes: `From Client: ${mmddyyyy(visitDay)} afternoon`,
      vehiclePlate: null,
    });
    // The rate the customer saw is the one stored; the plan covers it, so nothing is charged.
    const details = row?.priceDetails as { priceRate?: unknown; serviceCost?: unknown } | null;
    expect(details?.serviceCost).toBe(0);
    expect(typeof details?.priceRate).toBe('number');
    expect(formatMoney(details?.priceRate as number, 'PR')).toBe(shownRate);
    expect(row?.situationAddress).not.toBe('');
    expect(row?.situationLat).toBeCloseTo(SAN_JUAN.latitude, 1);
    // The map opened on the branch's centre (San Juan); the drag moved the point under the pin.
    expect(row?.situationLng).not.toBe(SAN_JUAN.longitude);

    // And through the API with the customer's own token: the price details come back.
    const response = await fetch(`${journey.api.baseUrl}/common/services/${serviceId}`, {
      headers: {
        'x-api-key': journey.api.appKey,
        authorization: `Bearer ${await sessionToken()}`,
      },
    });
    expect(response.status).toBe(200);
    const service = ServiceSchema.parse(await response.json());
    expect(service.serviceType).toBe('home');
    expect(service.priceDetails).toEqual(row?.priceDetails);

    await step(page, 'service summary in English', async () => {
      await page.goto(`${journey.api.baseUrl}/service-summary?lang=en`);
      await page.getByText('Plumbing · Water leak').waitFor();
      await page.getByText('Afternoon', { exact: true }).waitFor();
      await shot(page, 'service-summary-en');
    });

    await step(page, 'cancel from the summary', async () => {
      await page.goto(`${journey.api.baseUrl}/service-summary?lang=es`);
      await page.getByText('Plomería · Fuga de agua').waitFor();
      await page.getByRole('button', { name: 'Cancelar servicio' }).click();
      const confirm = page.getByRole('dialog', { name: '¿Desea cancelar su servicio?' });
      await shot(page, 'cancel-confirm');
      await confirm.getByRole('button', { name: 'Cancelar servicio' }).click();
      const reasons = page.getByRole('dialog', { name: '¡Ayúdanos a mejorar!' });
      await reasons.getByRole('button', { name: 'No necesito servicio' }).click();
      await waitForPath(page, '/');
    });
    const cancelled = await journey.api.service(serviceId);
    expect(cancelled?.status).toBe('Void');
    expect(cancelled?.cancellationReason).toBe('No necesito servicio');
  }, 150_000);

  it('SPEC 4 home on-demand reset: another request from /service-summary keeps the contract', async () => {
    const phone = await (await journey.phone({ geolocation: SAN_JUAN })).newPage();
    const created = await createTestService(journey.api, {
      account_id: CONNECT_HOME_PR_ACCOUNT,
      situation: 'Plumbing',
      category: 'home',
      subService: 'leak',
      vehPlate: '',
      vehMake: '',
      vehModel: '',
      vehYear: null,
      vehColor: '',
      priceDetails: { priceRate: 0, serviceCost: 0 },
      notes: `From Client: ${mmddyyyy(dayInPuertoRico(4))} morning`,
      homeVisit: { date: dayInPuertoRico(4), availability: 'morning' },
    });
    const contract = CustomerContractSchema.parse({
      _id: 'ctr-home-e2e',
      detail: 'masked',
      account: CONNECT_HOME_PR_ACCOUNT,
      branch: 'PR',
      fullName: 'A** R*****',
      memberId: null,
      policyNumber: null,
      phone: '***-**42',
      email: '',
      active: true,
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: null,
      vehicles: [],
      coverageLimits: [],
    });
    await seedSessionOnce(
      phone,
      seededSession(
        { ...created, brand: BRAND },
        { situation: 'Plumbing', currentTrack: 'home', isMMMHOD: true, customerContract: contract },
      ),
    );
    await phone.goto(`${journey.api.baseUrl}/service-summary`);
    // The visit as the service stores it: this phone's session never held the day or window.
    await phone.getByText('Mañana', { exact: true }).waitFor();
    await phone.getByRole('button', { name: 'Solicitar otro servicio' }).click();
    await phone.waitForURL(
      (url) => url.pathname === '/' && url.searchParams.get('brand') === BRAND,
    );
    await phone.getByRole('link', { name: 'Solicitar asistencia' }).waitFor();
    const session = await phone.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem('auxilio:session') ?? '{}') as {
            state?: { session?: Record<string, unknown> };
          }
        ).state?.session ?? {},
    );
    expect(session).toMatchObject({
      serviceId: null,
      isMMMHOD: true,
      customerContract: { _id: 'ctr-home-e2e' },
    });
    // The booked visit stays booked: starting again cancels nothing.
    expect((await journey.api.service(created.serviceId))?.status).toBe('Queued');
  }, 60_000);
});
