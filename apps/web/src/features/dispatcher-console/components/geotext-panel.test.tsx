import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { GeotextRoom } from '@auxilio/domain';
import { renderFlow } from '../../../test/flow-test-kit.tsx';
import { createDispatcherApi } from '../api/dispatcher-api.ts';
import { fakeDispatcherApi, SERVER_NOW } from '../test/console-fixtures.ts';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { GeotextPanel } from './geotext-panel.tsx';

// Location by text (decision 600) from the console: the link goes out for the typed phone, tied to
// the open service, and the room's stream brings the customer's answer.

vi.mock('../../../lib/map/components/map-view.tsx', () => ({ default: () => null }));

const room: GeotextRoom = {
  _id: 'room-1',
  phoneNumber: '+17875550100',
  serviceId: 'svc-1',
  status: 'open',
  link: 'https://app.test/geotext/landing?roomId=room-1',
  createdAt: SERVER_NOW,
  expiresAt: '2026-11-29T14:00:00.000Z',
  answers: [],
};

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function sendLink() {
  const requests = fakeDispatcherApi({
    'POST /geotext-rooms': { status: 201, body: room },
    'GET /geotext-rooms/room-1': { status: 200, body: room },
  });
  const api = createDispatcherApi({ baseUrl: '/common', appKey: 'public-app-key' });
  const { user } = await renderFlow(
    <GeotextPanel
      api={api}
      token="dispatcher-token"
      service={{ id: 'svc-1', number: 1001 }}
      onClose={vi.fn()}
      onSignedOut={vi.fn()}
    />,
    { path: '/dispatcher' },
  );
  expect(screen.getByText('Para el servicio 1001')).toBeInTheDocument();
  await user.type(
    screen.getByRole('textbox', { name: 'Teléfono del cliente (con código de país)' }),
    '+1 787 555 0100',
  );
  await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
  expect(await screen.findByText('Esperando al cliente…')).toBeInTheDocument();
  expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
    phoneNumber: '+1 787 555 0100',
    serviceId: 'svc-1',
  });
  expect(FakeEventSource.latest().url).toBe(
    '/common/api/v1/dispatcher/geotext-rooms/room-1/events?key=public-app-key&token=dispatcher-token',
  );
}

describe('location by text', () => {
  it('shows the address once the customer shares a position', async () => {
    await sendLink();
    act(() => {
      FakeEventSource.latest().emit(
        'located',
        {
          _id: 'ans-1',
          success: true,
          lat: 18.45,
          lng: -66.05,
          address: 'Calle Loíza 100, San Juan',
          createdAt: SERVER_NOW,
        },
        '',
      );
    });
    expect(screen.getByText('Ubicación recibida')).toBeInTheDocument();
    expect(screen.getByText('Calle Loíza 100, San Juan')).toBeInTheDocument();
  });

  it('says so when the customer could not share it', async () => {
    await sendLink();
    act(() => {
      FakeEventSource.latest().emit(
        'failed',
        {
          _id: 'ans-1',
          success: false,
          lat: null,
          lng: null,
          address: null,
          createdAt: SERVER_NOW,
        },
        '',
      );
    });
    expect(screen.getByText('El cliente no pudo compartir su ubicación')).toBeInTheDocument();
  });
});
