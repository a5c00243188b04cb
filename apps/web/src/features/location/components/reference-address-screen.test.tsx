import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INITIAL_SESSION } from '@auxilio/domain';
import { useSessionStore } from '../../../stores/session-store.ts';
import { fakeCommonApi } from '../../../test/fake-common-api.ts';
import { renderAt } from '../../../test/render-screen.tsx';
import { ReferenceAddressScreen } from './reference-address-screen.tsx';

beforeEach(() => {
  useSessionStore.setState({ session: { ...INITIAL_SESSION, situation: 'flatTire' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/location/reference (SPEC 3 "Reference address form")', () => {
  it('needs a street and a city, then stores the address as the situation and returns', async () => {
    const user = userEvent.setup();
    fakeCommonApi();
    const { location } = await renderAt(<ReferenceAddressScreen />, '/location/reference');

    await user.type(screen.getByLabelText('Dirección (calle y número)'), 'Calle Loíza 1500');
    await user.click(screen.getByRole('button', { name: 'Guardar dirección' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Indique la dirección y la ciudad.');
    expect(screen.getByLabelText('Ciudad o municipio')).toHaveAttribute('aria-invalid', 'true');
    expect(location.history).toEqual(['/location/reference']);

    await user.type(screen.getByLabelText('Ciudad o municipio'), 'San Juan');
    await user.type(screen.getByLabelText(/Código postal/), '00911');
    await user.click(screen.getByRole('button', { name: 'Guardar dirección' }));

    const { session } = useSessionStore.getState();
    expect(session.referenceAddress).toEqual({
      address1: 'Calle Loíza 1500',
      address2: '',
      city: 'San Juan',
      zipCode: '00911',
      country: '',
      fullAddress: 'Calle Loíza 1500, San Juan, 00911',
    });
    expect(session.locations.situation).toEqual({
      lat: 0,
      lng: 0,
      address: 'Calle Loíza 1500, San Juan, 00911',
      placeId: '',
      prettyAddress: 'Calle Loíza 1500, San Juan, 00911',
    });
    expect(location.history.at(-1)).toBe('/location');
  });
});
