import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '../../../stores/session-store.ts';
import { SERVICE_ID, testService } from '../../../test/service-fixture.ts';
import { renderTracking } from '../test/tracking-harness.tsx';
import { PermissionScreen } from './permission-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Fix = { coords: { latitude: number; longitude: number; accuracy: number } };

/** navigator.geolocation at the browser boundary: reports the given fixes, or an error. */
function stubGeolocation(outcome: Fix[] | 'error') {
  const clearWatch = vi.fn();
  const watchPosition = vi.fn(
    (success: (fix: Fix) => void, failure: (error: { code: number }) => void, options: unknown) => {
      expect(options).toEqual({ enableHighAccuracy: true, timeout: 30_000, maximumAge: 10_000 });
      setTimeout(() => {
        if (outcome === 'error') failure({ code: 1 });
        else for (const fix of outcome) success(fix);
      }, 0);
      return 7;
    },
  );
  Object.defineProperty(navigator, 'geolocation', {
    value: { watchPosition, clearWatch },
    configurable: true,
  });
  return { watchPosition, clearWatch };
}

async function answer(choice: 'Sí' | 'No') {
  const user = userEvent.setup();
  const view = await renderTracking(<PermissionScreen />, {
    path: '/tracking/permission',
    service: testService(),
  });
  expect(screen.getByRole('heading', { name: '¿Está con su vehículo?' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
  await user.click(screen.getByRole('radio', { name: choice }));
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));
  return view;
}

const permission = () => useSessionStore.getState().session.locations.permission;

describe('/tracking/permission (SPEC 4 "Location permission (tracking)")', () => {
  it('No denies and goes on to /tracking/loading', async () => {
    const geo = stubGeolocation([]);
    const { history } = await answer('No');
    await waitFor(() => {
      expect(history.at(-1)).toBe('/tracking/loading');
    });
    expect(permission()).toBe('DENIED');
    expect(geo.watchPosition).not.toHaveBeenCalled();
  });

  it('Yes watches, skips a fix worse than 20 m, updates the service location and grants', async () => {
    const geo = stubGeolocation([
      { coords: { latitude: 18.3, longitude: -66.3, accuracy: 45 } },
      { coords: { latitude: 18.47, longitude: -66.11, accuracy: 12 } },
    ]);
    const { history, server } = await answer('Sí');
    await waitFor(() => {
      expect(history.at(-1)).toBe('/tracking/loading');
    });
    expect(permission()).toBe('GRANTED');
    expect(geo.clearWatch).toHaveBeenCalledWith(7);
    expect(server.bodies.get(`PATCH /common/api/v1/services/${SERVICE_ID}/locations`)).toEqual({
      situationAddress: 'Calle Sol 9, San Juan',
      lat: 18.47,
      lng: -66.11,
      address: 'Calle Sol 9, San Juan',
      placeId: 'sol-9',
      accuracy: 12,
    });
  });

  it('Yes with geolocation refused denies and still goes on (SPEC 8)', async () => {
    stubGeolocation('error');
    const { history, server } = await answer('Sí');
    await waitFor(() => {
      expect(history.at(-1)).toBe('/tracking/loading');
    });
    expect(permission()).toBe('DENIED');
    expect(server.calls.some((call) => call.startsWith('PATCH'))).toBe(false);
  });
});
