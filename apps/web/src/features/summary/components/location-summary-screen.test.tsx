import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  INITIAL_CLIENT_FORM,
  INITIAL_SESSION,
  toLocalDateTimeInput,
  type Session,
} from '@auxilio/domain';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { testBrand, testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { accountIn, fakeCommonApi, testAccount } from '../../../test/fake-common-api.ts';
import { renderAt } from '../../../test/render-screen.tsx';
import { LocationSummaryScreen, type SubmitRequest } from './location-summary-screen.tsx';

const SITUATION = {
  lat: 18.45,
  lng: -66.06,
  address: 'Calle Loíza 1500, San Juan',
  placeId: 'pr-sj-1',
  prettyAddress: 'Calle Loíza 1500, San Juan',
};

function startSession(patch: Partial<Session> = {}) {
  useSessionStore.setState({
    session: {
      ...INITIAL_SESSION,
      situation: 'flatTire',
      locations: { ...INITIAL_SESSION.locations, situation: SITUATION },
      clientForm: {
        ...INITIAL_CLIENT_FORM,
        fullName: 'Ana Rivera',
        phone: '7875550000',
        plate: 'ABC123',
        make: 'Toyota',
        model: 'Corolla',
        year: '2020',
        vin: '1HGCM82633A004352',
      },
      ...patch,
    },
  });
}

function submitSpy(): SubmitRequest & { calls: number } {
  const request = {
    calls: 0,
    isPending: false,
    failure: null,
    submit: () => {
      request.calls += 1;
      return Promise.resolve();
    },
  };
  return request;
}

beforeEach(() => {
  useSessionStore.getState().resetAll();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/location/summary (SPEC 2 "Bottom sheet")', () => {
  it('shows the situation, Now / Scheduled, the fixed estimate and the vehicle, then submits directly', async () => {
    const user = userEvent.setup();
    const requests = fakeCommonApi();
    startSession();
    const submit = submitSpy();
    await renderAt(<LocationSummaryScreen submitRequest={submit} />, '/location/summary');

    expect(screen.getByText(SITUATION.address)).toBeVisible();
    expect(screen.getByRole('group', { name: '¿Cuándo desea el servicio?' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Ahora' })).toBeChecked();
    // SPEC 2/9: "'Estimated time' is always shown as '35 - 45' minutes".
    expect(screen.getByText('Tiempo estimado')).toBeVisible();
    expect(screen.getByText('35 - 45 minutos')).toBeVisible();

    const vehicle = screen.getByRole('region', { name: 'Información del vehículo' });
    expect(within(vehicle).getByText('Ana Rivera')).toBeVisible();
    expect(within(vehicle).getByText('Toyota')).toBeVisible();
    expect(within(vehicle).getByText('Corolla')).toBeVisible();
    expect(within(vehicle).getByText('2020')).toBeVisible();
    expect(within(vehicle).getByText('ABC123')).toBeVisible();
    // VIN and phone only for brands with the flag.
    expect(within(vehicle).queryByText('VIN')).toBeNull();

    // Not the connect brand: no fees, so no price block and no fee call (SPEC 9).
    expect(screen.queryByRole('region', { name: 'Precio' })).toBeNull();
    expect(requests.some((r) => r.url.pathname === '/common/fees/customer')).toBe(false);

    // SPEC 4 "otherwise the service is submitted directly".
    await user.click(screen.getByRole('button', { name: 'Solicitar servicio' }));
    expect(submit.calls).toBe(1);
  });

  it('refuses a scheduled time in the past and stores a future one as ISO (SPEC 5)', async () => {
    const user = userEvent.setup();
    fakeCommonApi();
    startSession();
    await renderAt(<LocationSummaryScreen submitRequest={submitSpy()} />, '/location/summary');

    await user.click(screen.getByRole('radio', { name: 'Programado' }));
    const picker = screen.getByLabelText('Fecha y hora');
    const request = screen.getByRole('button', { name: 'Solicitar servicio' });
    expect(request).toBeDisabled();
    expect(screen.getByText('Elija la fecha y la hora en que necesita el servicio.')).toBeVisible();

    const zone = 'America/Puerto_Rico';
    const past = toLocalDateTimeInput(new Date(Date.now() - 2 * 3_600_000), zone);
    expect(picker).toHaveAttribute('min', toLocalDateTimeInput(new Date(), zone));
    await user.clear(picker);
    await user.type(picker, past);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'La fecha programada no puede estar en el pasado.',
    );
    expect(request).toBeDisabled();
    expect(useSessionStore.getState().session.schedule).toBeNull();

    const future = new Date(Date.now() + 26 * 3_600_000);
    await user.clear(picker);
    await user.type(picker, toLocalDateTimeInput(future, zone));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(request).toBeEnabled();
    const stored = useSessionStore.getState().session.schedule;
    expect(stored).not.toBeNull();
    expect(Math.abs(new Date(stored ?? '').getTime() - future.getTime())).toBeLessThan(60_000);

    // Back to Now clears the schedule.
    await user.click(screen.getByRole('radio', { name: 'Ahora' }));
    expect(useSessionStore.getState().session.schedule).toBeNull();
    expect(request).toBeEnabled();
  });

  it('connect-like brand: price block with service, tax and total from cents, and /payment next', async () => {
    const user = userEvent.setup();
    const requests = fakeCommonApi({ feeCents: 5000 });
    startSession();
    const brand = testBrand({
      feesApply: true,
      paymentRequired: true,
      vehicleInfoShowsVinAndPhone: true,
    });
    const { location } = await renderAt(
      <LocationSummaryScreen submitRequest={submitSpy()} />,
      '/location/summary',
      brand,
    );

    const price = await screen.findByRole('region', { name: 'Precio' });
    await waitFor(() => {
      expect(within(price).getByText('$50.00')).toBeVisible();
    });
    expect(within(price).getByText('Servicio')).toBeVisible();
    expect(within(price).getByText('Impuesto (IVU 11.5%)')).toBeVisible();
    expect(within(price).getByText('$5.75')).toBeVisible();
    expect(within(price).getByText('$55.75')).toBeVisible();
    expect(useSessionStore.getState().session.customerFee).toBe(5000);
    const fee = requests.find((r) => r.url.pathname === '/common/fees/customer');
    expect(Object.fromEntries(fee?.url.searchParams ?? [])).toEqual({
      branch: 'PR',
      situation: 'flatTire',
      distance: '0',
      accountId: 'a1b2c3d4e5f6a1b2c3d4e5f6',
    });

    const vehicle = screen.getByRole('region', { name: 'Información del vehículo' });
    expect(within(vehicle).getByText('1HGCM82633A004352')).toBeVisible();
    expect(within(vehicle).getByText('7875550000')).toBeVisible();

    // SPEC 4 "the route is /payment for the 'connect' brand".
    await user.click(screen.getByRole('button', { name: 'Continuar al pago' }));
    expect(location.history.at(-1)).toBe('/payment');
  });

  it('prices in colones for a Costa Rica account', async () => {
    fakeCommonApi({ account: accountIn('CR'), feeCents: 900000 });
    startSession();
    await renderAt(
      <LocationSummaryScreen submitRequest={submitSpy()} />,
      '/location/summary',
      testBrand({ feesApply: true }),
    );
    const price = await screen.findByRole('region', { name: 'Precio' });
    await waitFor(() => {
      expect(within(price).getByText('₡9,000.00')).toBeVisible();
    });
    expect(within(price).getByText('₡1,170.00')).toBeVisible();
    expect(within(price).getByText('₡10,170.00')).toBeVisible();
  });

  it('a surplus opens its popup, is priced with tax and leads to /payment (SPEC 2, 4, 9)', async () => {
    const user = userEvent.setup();
    fakeCommonApi();
    startSession({ surplus: { amount: 2500, coveredAmount: 7500 } });
    const { location } = await renderAt(
      <LocationSummaryScreen submitRequest={submitSpy()} />,
      '/location/summary',
    );

    const popup = screen.getByRole('dialog', { name: 'Excedente' });
    expect(popup).toHaveTextContent(
      'Se aplica un excedente cuando el servicio solicitado supera el límite de su cobertura.',
    );
    await waitFor(() => {
      expect(popup).toHaveTextContent('Excedente a pagar: $27.88');
    });
    await user.click(within(popup).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const price = screen.getByRole('region', { name: 'Precio' });
    expect(within(price).getByText('$25.00')).toBeVisible();
    expect(within(price).getByText('$27.88')).toBeVisible();
    await user.click(within(price).getByRole('button', { name: '¿Qué es el excedente?' }));
    expect(screen.getByRole('dialog', { name: 'Excedente' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Entendido' }));

    await user.click(screen.getByRole('button', { name: 'Continuar al pago' }));
    expect(location.history.at(-1)).toBe('/payment');
  });

  describe('home track (SPEC 2 "Home services ask for a date and an availability window")', () => {
    // 11:00 in Puerto Rico (UTC-4) on 2026-11-25.
    const now = () => new Date('2026-11-25T15:00:00Z');
    const startHome = (patch: Partial<Session> = {}) => {
      startSession({
        currentTrack: 'home',
        situation: 'Plumbing',
        category: 'Plumbing',
        homeNotes: { ...INITIAL_SESSION.homeNotes, subService: 'leak' },
        ...patch,
      });
    };
    const homeAccount = testAccount({ serviceFees: { Plumbing: 8500 } });

    it('the date starts two days ahead, the request waits for a window, the price shows rate and cost', async () => {
      const user = userEvent.setup();
      fakeCommonApi({ account: homeAccount });
      startHome();
      const submit = submitSpy();
      const { location } = await renderAt(
        <LocationSummaryScreen submitRequest={submit} now={now} />,
        '/location/summary',
      );
      expect(screen.getByText('Plomería · Fuga de agua')).toBeVisible();
      const date = await screen.findByLabelText('Fecha de la visita');
      // SPEC 9 "home date default 2 days ahead"; SPEC 5 "at least 2 days from today".
      expect(date).toHaveValue('2026-11-27');
      expect(date).toHaveAttribute('min', '2026-11-27');
      expect(useSessionStore.getState().session.homeNotes.date).toBe('2026-11-27');
      // No Now / Scheduled and no vehicle for a home visit.
      expect(screen.queryByRole('radio', { name: 'Ahora' })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Información del vehículo' })).toBeNull();
      const price = await screen.findByRole('region', { name: 'Precio' });
      expect(within(price).getByText('$85.00')).toBeVisible();
      expect(within(price).getByText('$0.00')).toBeVisible();

      // SPEC 5 "Request button disabled for home when no availability is chosen".
      const request = screen.getByRole('button', { name: 'Solicitar servicio' });
      expect(request).toBeDisabled();
      await user.click(screen.getByRole('radio', { name: 'Tarde' }));
      expect(useSessionStore.getState().session.homeNotes.availability).toBe('afternoon');
      expect(request).toBeEnabled();

      // SPEC 4 "a home track goes to /clients" while the client form is not complete.
      await user.click(request);
      expect(location.history.at(-1)).toBe('/clients');
      expect(submit.calls).toBe(0);
    });

    it('after /clients, the request is submitted (decision 641)', async () => {
      const user = userEvent.setup();
      fakeCommonApi({ account: homeAccount });
      startHome({
        clientForm: {
          ...INITIAL_CLIENT_FORM,
          fullName: 'Ana Rivera',
          phone: '7875550000',
          privacyPolicyAcceptanceDate: '2026-11-25T14:00:00.000Z',
        },
        homeNotes: {
          subService: 'leak',
          availability: 'morning',
          date: '2026-11-28',
          comments: '',
        },
      });
      const submit = submitSpy();
      await renderAt(
        <LocationSummaryScreen submitRequest={submit} now={now} />,
        '/location/summary',
      );
      expect(await screen.findByLabelText('Fecha de la visita')).toHaveValue('2026-11-28');
      expect(screen.getByRole('radio', { name: 'Mañana' })).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Solicitar servicio' }));
      expect(submit.calls).toBe(1);
    });

    it('a date less than two days ahead is refused and the request waits (SPEC 5)', async () => {
      fakeCommonApi({ account: homeAccount });
      startHome({
        homeNotes: {
          subService: 'leak',
          availability: 'morning',
          date: '2026-11-28',
          comments: '',
        },
      });
      await renderAt(
        <LocationSummaryScreen submitRequest={submitSpy()} now={now} />,
        '/location/summary',
      );
      const date = await screen.findByLabelText('Fecha de la visita');
      fireEvent.change(date, { target: { value: '2026-11-26' } });
      expect(screen.getByRole('alert')).toHaveTextContent('al menos 2 días');
      expect(screen.getByRole('button', { name: 'Solicitar servicio' })).toBeDisabled();
      // The stored date stays the last allowed one.
      expect(useSessionStore.getState().session.homeNotes.date).toBe('2026-11-28');
    });

    it('a stored date that is no longer two days ahead starts again from the default', async () => {
      fakeCommonApi({ account: homeAccount });
      startHome({
        homeNotes: { subService: 'leak', availability: null, date: '2026-11-20', comments: '' },
      });
      await renderAt(
        <LocationSummaryScreen submitRequest={submitSpy()} now={now} />,
        '/location/summary',
      );
      expect(await screen.findByLabelText('Fecha de la visita')).toHaveValue('2026-11-27');
    });
  });

  const BAYAMON = {
    lat: 18.3986,
    lng: -66.1557,
    address: 'Bayamón, Puerto Rico',
    placeId: 'pr-bayamon',
    prettyAddress: '',
  };

  it.each([
    { situation: 'towBreakdown' as const, passengers: 3, count: '3 pasajeros' },
    { situation: 'towCollision' as const, passengers: 1, count: '1 pasajero' },
    { situation: 'towTire' as const, passengers: 0, count: 'Ninguno' },
  ])(
    'decisions 650, 652: a tow ($situation) shows its destination and its passengers',
    async ({ situation, passengers, count }) => {
      fakeCommonApi();
      startSession({
        situation,
        passengers,
        locations: { ...INITIAL_SESSION.locations, situation: SITUATION, destination: BAYAMON },
      });
      await renderAt(<LocationSummaryScreen submitRequest={submitSpy()} />, '/location/summary');
      const places = screen.getByRole('region', { name: 'Servicio en' });
      const rows = within(places)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
      expect(rows).toEqual([
        ['Servicio en', SITUATION.address],
        ['Destino', 'Bayamón, Puerto Rico'],
        ['Pasajeros', count],
      ]);
    },
  );

  it('decision 652: a service without a destination shows neither destination nor passengers', async () => {
    fakeCommonApi();
    startSession({ passengers: 2 });
    await renderAt(<LocationSummaryScreen submitRequest={submitSpy()} />, '/location/summary');
    const places = screen.getByRole('region', { name: 'Servicio en' });
    expect(within(places).queryByText('Destino')).toBeNull();
    expect(within(places).queryByText('Pasajeros')).toBeNull();
  });

  it('in English too', async () => {
    fakeCommonApi();
    startSession({
      situation: 'towBreakdown',
      passengers: 2,
      locations: { ...INITIAL_SESSION.locations, situation: SITUATION, destination: BAYAMON },
    });
    renderWithProviders(
      <Router hook={memoryLocation({ path: '/location/summary' }).hook}>
        <LocationSummaryScreen submitRequest={submitSpy()} />
      </Router>,
      { config: testConfig(), i18n: await createTestI18n('en') },
    );
    expect(screen.getByText('Destination')).toBeVisible();
    expect(screen.getByText('2 passengers')).toBeVisible();
  });

  it('without a situation address the request waits and offers the location screen', async () => {
    const user = userEvent.setup();
    fakeCommonApi();
    startSession({ locations: INITIAL_SESSION.locations });
    const { location } = await renderAt(
      <LocationSummaryScreen submitRequest={submitSpy()} />,
      '/location/summary',
    );
    expect(screen.getByRole('button', { name: 'Solicitar servicio' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Indicar ubicación' }));
    expect(location.history.at(-1)).toBe('/location');
  });

  it.each([
    { failure: 'network' as const, text: 'Revise su conexión' },
    { failure: 'rejected' as const, text: 'Revise sus datos' },
  ])('a failed submit ($failure) says why and keeps the button', async ({ failure, text }) => {
    fakeCommonApi();
    startSession();
    await renderAt(
      <LocationSummaryScreen
        submitRequest={{ submit: () => Promise.resolve(), isPending: false, failure }}
      />,
      '/location/summary',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Solicitar servicio' })).toBeEnabled();
  });
});
