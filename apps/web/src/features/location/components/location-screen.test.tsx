import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INITIAL_SESSION, LOCATION_GEOLOCATION_OPTIONS, type Session } from '@auxilio/domain';
import { useSessionStore } from '../../../stores/session-store.ts';
import { fakeCommonApi } from '../../../test/fake-common-api.ts';
import { renderAt } from '../../../test/render-screen.tsx';
import { LocationScreen } from './location-screen.tsx';
import { PointOnMapScreen } from './point-on-map-screen.tsx';

// jsdom draws no canvas: the lazily loaded map view (Leaflet) is left out; these tests are about the sheet.
vi.mock('../../../lib/map/components/map-view.tsx', () => ({ default: () => null }));

const SAN_JUAN = {
  placeId: 'pr-sj-1',
  name: 'Calle Loíza',
  country: 'PR' as const,
  address: 'Calle Loíza 1500, San Juan',
  lat: 18.45,
  lng: -66.06,
};
const BAYAMON = {
  placeId: 'pr-ba-1',
  name: 'Bayamón',
  country: 'PR' as const,
  address: 'Bayamón, Puerto Rico',
  lat: 18.4,
  lng: -66.16,
};

function startSession(patch: Partial<Session>) {
  useSessionStore.setState({ session: { ...INITIAL_SESSION, ...patch } });
}

/** A browser geolocation whose answer the test decides. */
function fakeGeolocation() {
  const calls: {
    success: PositionCallback;
    error: PositionErrorCallback | null | undefined;
    options?: PositionOptions;
  }[] = [];
  const geolocation = {
    getCurrentPosition: vi.fn(
      (
        success: PositionCallback,
        error?: PositionErrorCallback | null,
        options?: PositionOptions,
      ) => {
        calls.push({ success, error, options });
      },
    ),
    watchPosition: vi.fn(),
    clearWatch: vi.fn(),
  };
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { geolocation }));
  return {
    calls,
    answer(lat: number, lng: number) {
      calls.at(-1)?.success({
        coords: { latitude: lat, longitude: lng, accuracy: 12 },
        timestamp: Date.now(),
      } as GeolocationPosition);
    },
    deny() {
      calls
        .at(-1)
        ?.error?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
    },
  };
}

beforeEach(() => {
  useSessionStore.getState().resetAll();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/location (SPEC 2 "Location screen")', () => {
  it('asks where, keeps confirm disabled until the situation address exists, then goes to the summary', async () => {
    const user = userEvent.setup();
    const requests = fakeCommonApi({ places: [SAN_JUAN] });
    startSession({ situation: 'flatTire' });
    const { location } = await renderAt(<LocationScreen />, '/location');

    expect(screen.getByRole('heading', { name: '¿Dónde necesita el servicio?' })).toBeVisible();
    const confirm = screen.getByRole('button', { name: 'Confirmar ubicación' });
    expect(confirm).toBeDisabled();
    // SPEC 2: "A destination box appears only for towBreakdown".
    expect(screen.queryByRole('searchbox', { name: 'Destino del remolque' })).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Ubicación del servicio' }), 'Loíza');
    await user.click(await screen.findByRole('button', { name: SAN_JUAN.address }));

    expect(useSessionStore.getState().session.locations.situation).toEqual({
      lat: 18.45,
      lng: -66.06,
      address: SAN_JUAN.address,
      placeId: 'pr-sj-1',
      prettyAddress: SAN_JUAN.address,
    });
    // SPEC 5: search restricted to the account's country (the test account is in PR).
    const search = requests.find((r) => r.url.pathname === '/common/maps/places');
    expect(search?.url.searchParams.get('countries')).toBe('PR');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(location.history.at(-1)).toBe('/location/summary');
  });

  it('for towBreakdown shows the destination box and waits for destination coordinates', async () => {
    const user = userEvent.setup();
    fakeCommonApi({ places: [BAYAMON] });
    startSession({
      situation: 'towBreakdown',
      locations: {
        ...INITIAL_SESSION.locations,
        situation: { ...SAN_JUAN, prettyAddress: SAN_JUAN.address },
      },
    });
    await renderAt(<LocationScreen />, '/location');

    const confirm = screen.getByRole('button', { name: 'Confirmar ubicación' });
    expect(confirm).toBeDisabled();
    expect(screen.getByText('Indique a dónde llevamos su vehículo para continuar.')).toBeVisible();
    const destination = screen.getByRole('region', { name: 'Destino del remolque' });
    // The destination box offers search and the map, not the current location.
    expect(
      within(destination).queryByRole('button', { name: 'Usar mi ubicación actual' }),
    ).toBeNull();
    await user.type(within(destination).getByLabelText('Destino del remolque'), 'Bayam');
    await user.click(await within(destination).findByRole('button', { name: BAYAMON.address }));

    expect(useSessionStore.getState().session.locations.destination).toMatchObject({
      lat: 18.4,
      lng: -66.16,
    });
    expect(confirm).toBeEnabled();
  });

  it('the home track goes to /clients after confirming (SPEC 4)', async () => {
    const user = userEvent.setup();
    fakeCommonApi();
    startSession({
      currentTrack: 'home',
      situation: 'Plumbing',
      locations: { ...INITIAL_SESSION.locations, situation: { ...SAN_JUAN, prettyAddress: '' } },
    });
    const { location } = await renderAt(<LocationScreen />, '/location');
    await user.click(screen.getByRole('button', { name: 'Confirmar ubicación' }));
    expect(location.history.at(-1)).toBe('/clients');
  });

  it('permission accepted: says where help goes while locating, then stores the position and GRANTED', async () => {
    const user = userEvent.setup();
    const requests = fakeCommonApi({
      address: { address: 'Calle Sol 5, San Juan', placeId: 'rev-1' },
    });
    const geo = fakeGeolocation();
    startSession({ situation: 'flatTire' });
    await renderAt(<LocationScreen />, '/location');

    await user.click(screen.getByRole('button', { name: 'Usar mi ubicación actual' }));
    const dialog = screen.getByRole('dialog', { name: 'Permítanos acceder a su ubicación' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, dar permiso' }));

    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Estaremos enviando la asistencia a su ubicación actual',
    );
    // SPEC 9: "high accuracy, max age 10000 ms; geolocation timeout 10 s".
    expect(geo.calls[0]?.options).toEqual(LOCATION_GEOLOCATION_OPTIONS);
    geo.answer(18.4655, -66.1057);

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const { locations } = useSessionStore.getState().session;
    expect(locations.permission).toBe('GRANTED');
    expect(locations.situation).toEqual({
      lat: 18.4655,
      lng: -66.1057,
      address: 'Calle Sol 5, San Juan',
      placeId: 'rev-1',
      prettyAddress: 'Calle Sol 5, San Juan',
    });
    expect(
      requests.find((r) => r.url.pathname === '/common/maps/directions/getAddress')?.body,
    ).toEqual({ coords: '18.4655,-66.1057' });
    expect(screen.getByText('Calle Sol 5, San Juan')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Confirmar ubicación' })).toBeEnabled();
  });

  it('geolocation denied: the dialog closes and the permission is DENIED (SPEC 8)', async () => {
    const user = userEvent.setup();
    fakeCommonApi();
    const geo = fakeGeolocation();
    startSession({ situation: 'flatTire' });
    await renderAt(<LocationScreen />, '/location');

    await user.click(screen.getByRole('button', { name: 'Usar mi ubicación actual' }));
    await user.click(screen.getByRole('button', { name: 'Sí, dar permiso' }));
    geo.deny();

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(useSessionStore.getState().session.locations.permission).toBe('DENIED');
    expect(screen.getByRole('alert')).toHaveTextContent('No pudimos obtener su ubicación');
    expect(screen.getByRole('button', { name: 'Confirmar ubicación' })).toBeDisabled();
  });

  it('Cancel closes the dialog without reading the position', async () => {
    const user = userEvent.setup();
    fakeCommonApi();
    const geo = fakeGeolocation();
    startSession({ situation: 'flatTire' });
    await renderAt(<LocationScreen />, '/location');

    await user.click(screen.getByRole('button', { name: 'Usar mi ubicación actual' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(geo.calls).toHaveLength(0);
    expect(useSessionStore.getState().session.locations.permission).toBe('NOT_ASKED');
  });

  it('once granted, current location is read at once without the dialog', async () => {
    const user = userEvent.setup();
    fakeCommonApi({ address: { address: 'Calle Luna 2', placeId: 'rev-2' } });
    const geo = fakeGeolocation();
    startSession({
      situation: 'flatTire',
      locations: { ...INITIAL_SESSION.locations, permission: 'GRANTED' },
    });
    await renderAt(<LocationScreen />, '/location');

    await user.click(screen.getByRole('button', { name: 'Usar mi ubicación actual' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Estaremos enviando la asistencia');
    geo.answer(18.2, -66.5);
    expect(await screen.findByText('Calle Luna 2')).toBeVisible();
  });

  it('point-on-map: OK stores the pinned point with its address and returns to /location', async () => {
    const user = userEvent.setup();
    fakeCommonApi({ address: { address: 'Viejo San Juan', placeId: 'rev-3' } });
    startSession({ situation: 'flatTire' });
    const { location } = await renderAt(
      <PointOnMapScreen kind="situation" />,
      '/location/situation',
    );

    expect(screen.getByRole('heading', { name: 'Mueva el mapa hasta su ubicación' })).toBeVisible();
    // The address under the pin, by reverse geocoding through the API, before OK.
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Viejo San Juan');
    });
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await waitFor(() => {
      expect(location.history.at(-1)).toBe('/location');
    });
    // No point yet and no branch position: the map opened on the PR default centre (SPEC 9).
    expect(useSessionStore.getState().session.locations.situation).toEqual({
      lat: 18.42139,
      lng: -66.073795,
      address: 'Viejo San Juan',
      placeId: 'rev-3',
      prettyAddress: 'Viejo San Juan',
    });
  });

  it('"Enter address manually" and "Choose on map" lead to their screens', async () => {
    const user = userEvent.setup();
    fakeCommonApi();
    startSession({ situation: 'flatTire' });
    const { location } = await renderAt(<LocationScreen />, '/location');
    await user.click(screen.getByRole('button', { name: 'Ingresar dirección manualmente' }));
    expect(location.history.at(-1)).toBe('/location/reference');
  });

  it('shows the 35 min estimate for a road service, not for a home visit (decision 642)', async () => {
    fakeCommonApi();
    startSession({ situation: 'flatTire' });
    const road = await renderAt(<LocationScreen />, '/location');
    expect(screen.getByText('35 min')).toBeVisible();
    road.unmount();
    startSession({ currentTrack: 'home', situation: 'Plumbing', category: 'Plumbing' });
    await renderAt(<LocationScreen />, '/location');
    expect(screen.queryByText('35 min')).toBeNull();
  });

  it('"Choose on map" opens /location/situation (decision 643)', async () => {
    const user = userEvent.setup();
    fakeCommonApi();
    startSession({ situation: 'flatTire' });
    const { location } = await renderAt(<LocationScreen />, '/location');
    await user.click(screen.getByRole('button', { name: 'Elegir en el mapa' }));
    expect(location.history.at(-1)).toBe('/location/situation');
  });

  it('the destination map opens on the situation when no destination is chosen yet', async () => {
    const user = userEvent.setup();
    fakeCommonApi({ address: { address: 'Bayamón', placeId: 'rev-4' } });
    startSession({
      situation: 'towBreakdown',
      locations: {
        ...INITIAL_SESSION.locations,
        situation: { ...SAN_JUAN, prettyAddress: SAN_JUAN.address },
      },
    });
    await renderAt(<PointOnMapScreen kind="destination" />, '/location/destination');
    expect(screen.getByRole('heading', { name: 'Mueva el mapa hasta el destino' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => {
      expect(useSessionStore.getState().session.locations.destination).toMatchObject({
        lat: SAN_JUAN.lat,
        lng: SAN_JUAN.lng,
        address: 'Bayamón',
      });
    });
  });
});
