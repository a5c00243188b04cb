import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  INITIAL_CLIENT_FORM,
  INITIAL_SESSION,
  toLocalDateTimeInput,
  type Session,
} from '@auxilio/domain';
import { testBrand } from '../../../test/fixtures.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { accountIn, fakeCommonApi } from '../../location/testing/fake-common-api.ts';
import { renderAt } from '../../location/testing/render-screen.tsx';
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

  it('the home track goes to /clients (SPEC 4)', async () => {
    const user = userEvent.setup();
    fakeCommonApi();
    startSession({ currentTrack: 'home', situation: 'Plumbing' });
    const submit = submitSpy();
    const { location } = await renderAt(
      <LocationSummaryScreen submitRequest={submit} />,
      '/location/summary',
    );
    await user.click(screen.getByRole('button', { name: 'Solicitar servicio' }));
    expect(location.history.at(-1)).toBe('/clients');
    expect(submit.calls).toBe(0);
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
