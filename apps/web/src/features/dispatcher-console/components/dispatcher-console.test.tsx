import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { renderFlow } from '../../../test/flow-test-kit.tsx';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import {
  boardDriver,
  boardService,
  fakeDispatcherApi,
  keepSession,
  serviceDetail,
  SERVER_NOW,
  snapshot,
} from '../test/console-fixtures.ts';
import { DispatcherHomeScreen } from './dispatcher-home-screen.tsx';

// The console (docs/decisions/762) as a dispatcher sees it: the board fed by its stream, the
// breaches and stale positions flagged, a service opened beside it, the contact and an assignment.

// jsdom draws no canvas: the lazily loaded map view (Leaflet) is left out.
vi.mock('../../../lib/map/components/map-view.tsx', () => ({ default: () => null }));

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  // The browser's clock agrees with the server's: ages read from SERVER_NOW.
  vi.spyOn(Date, 'now').mockReturnValue(Date.parse(SERVER_NOW));
  keepSession();
});

afterEach(() => {
  localStorage.clear();
});

/** One event of the board stream; the query cache tells the screen on its next tick. */
async function emit(type: string, data: unknown) {
  await act(async () => {
    FakeEventSource.latest().emit(type, data, '');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function row(number: number) {
  return screen.getByRole('row', { name: new RegExp(`\\b${number}\\b`) });
}

describe('the live board', () => {
  it('applies the snapshot, then service, removed and driver events', async () => {
    fakeDispatcherApi({});
    await renderFlow(<DispatcherHomeScreen />, { path: '/dispatcher' });
    expect(screen.getByText('Reconectando…')).toBeInTheDocument();
    const source = FakeEventSource.latest();
    expect(source.url).toBe(
      '/common/api/v1/dispatcher/board/events?key=public-app-key&token=dispatcher-token',
    );

    await emit('snapshot', snapshot({ services: [boardService()], drivers: [boardDriver()] }));
    expect(screen.getByText('En vivo')).toBeInTheDocument();
    expect(within(row(1001)).getByText('Sin asignar')).toBeInTheDocument();
    expect(within(row(1001)).getByText('En cola')).toBeInTheDocument();

    await emit(
      'service',
      boardService({ stage: 'offered', offeredTo: { id: 'drv-1', name: 'Luis Ortiz' } }),
    );
    expect(within(row(1001)).getByText('Ofrecido a Luis Ortiz')).toBeInTheDocument();
    await emit('service', boardService({ _id: 'svc-2', serviceNumber: 1002 }));
    expect(row(1002)).toBeInTheDocument();

    await emit('service', { _id: 'svc-1', removed: true });
    expect(screen.queryByRole('row', { name: /\b1001\b/ })).toBeNull();

    await emit(
      'driver',
      boardDriver({ currentService: { _id: 'svc-2', serviceNumber: 1002 }, status: 'busy' }),
    );
    const drivers = screen.getByRole('region', { name: 'Conductores' });
    expect(within(drivers).getByRole('button', { name: 'Servicio 1002' })).toBeInTheDocument();
  });

  it('flags a service nobody took for 5 minutes and a driver whose position is old', async () => {
    fakeDispatcherApi({});
    await renderFlow(<DispatcherHomeScreen />, { path: '/dispatcher' });
    await emit(
      'snapshot',
      snapshot({
        services: [
          boardService({ createdAt: '2026-11-28T13:54:00.000Z' }),
          boardService({ _id: 'svc-2', serviceNumber: 1002 }),
        ],
        drivers: [
          boardDriver({ lastSeenAt: '2026-11-28T13:55:00.000Z' }),
          boardDriver({ id: 'drv-2', name: 'Zoe Vega' }),
        ],
      }),
    );
    expect(within(row(1001)).getByText('Sin asignar > 5 min')).toBeInTheDocument();
    expect(within(row(1001)).getByText('6 min')).toBeInTheDocument();
    expect(within(row(1002)).queryByText('Sin asignar > 5 min')).toBeNull();

    const drivers = within(screen.getByRole('region', { name: 'Conductores' })).getAllByRole(
      'listitem',
    );
    const luis = drivers.find((item) => item.textContent.includes('Luis Ortiz'));
    const zoe = drivers.find((item) => item.textContent.includes('Zoe Vega'));
    expect(luis && within(luis).getByText('Posición vieja')).toBeInTheDocument();
    expect(zoe && within(zoe).queryByText('Posición vieja')).toBeNull();
  });
});

describe('a service beside the board', () => {
  it('opens from its row, shows the masked contact and opens the full one on request', async () => {
    const requests = fakeDispatcherApi({
      'GET /services/svc-1': { status: 200, body: serviceDetail() },
      'POST /services/svc-1/contact': {
        status: 200,
        body: {
          firstname: 'Ana',
          lastname: 'Rivera',
          phone: '+17875550123',
          email: 'ana@example.test',
        },
      },
    });
    const { user, history } = await renderFlow(<DispatcherHomeScreen />, { path: '/dispatcher' });
    await emit('snapshot', snapshot());
    await user.click(screen.getByRole('button', { name: 'Servicio 1001' }));
    expect(history.at(-1)).toBe('/dispatcher?service=svc-1');

    const panel = await screen.findByRole('region', { name: 'Servicio 1001' });
    expect(await within(panel).findByText('Ana')).toBeInTheDocument();
    expect(within(panel).getByText('+1 787 ••• ••23')).toBeInTheDocument();
    expect(within(panel).getByText('Ofrecido a Luis Ortiz')).toBeInTheDocument();
    expect(within(panel).getByText('Sin respuesta de Luis Ortiz')).toBeInTheDocument();

    // The row changes on the board: the detail is read again (no polling in between).
    const reads = () => requests.filter((request) => request.path === '/services/svc-1').length;
    expect(reads()).toBe(1);
    await emit('service', boardService({ stage: 'offered', updatedAt: SERVER_NOW }));
    await vi.waitFor(() => {
      expect(reads()).toBe(2);
    });

    await user.click(within(panel).getByRole('button', { name: 'Ver contacto' }));
    expect(await within(panel).findByText('Teléfono: +17875550123')).toBeInTheDocument();
    expect(within(panel).getByText('Correo: ana@example.test')).toBeInTheDocument();
    const contact = requests.find((request) => request.path === '/services/svc-1/contact');
    expect(contact?.method).toBe('POST');
    expect(contact?.headers['authorization']).toBe('Bearer dispatcher-token');
    expect(contact?.headers['x-api-key']).toBe('public-app-key');
  });

  it('lists the suggestions and assigns the chosen driver', async () => {
    const assigned = serviceDetail(
      boardService({
        stage: 'accepted',
        driver: { id: 'drv-2', name: 'Zoe Vega' },
        updatedAt: SERVER_NOW,
      }),
    );
    const requests = fakeDispatcherApi({
      'GET /services/svc-1': { status: 200, body: serviceDetail() },
      'GET /services/svc-1/suggestions': {
        status: 200,
        body: {
          suggestions: [
            {
              driverId: 'drv-2',
              name: 'Zoe Vega',
              vehicleType: 'tow_truck',
              etaSeconds: 540,
              distanceMeters: 3200,
              lastSeenAt: SERVER_NOW,
            },
          ],
        },
      },
      'POST /services/svc-1/assignment': { status: 200, body: assigned },
    });
    const { user } = await renderFlow(<DispatcherHomeScreen />, {
      path: '/dispatcher?service=svc-1',
    });
    await emit('snapshot', snapshot());
    const panel = await screen.findByRole('region', { name: 'Servicio 1001' });
    await user.click(await within(panel).findByRole('button', { name: 'Asignar' }));

    await within(panel).findByText('Zoe Vega');
    const suggestion = within(panel)
      .getAllByRole('listitem')
      .find((item) => item.textContent.includes('Zoe Vega'));
    if (!suggestion) throw new Error('no suggestion for Zoe Vega');
    expect(suggestion).toHaveTextContent('Zoe Vega');
    expect(suggestion).toHaveTextContent('grúa · 9 min · 3,2 km');
    await user.type(within(panel).getByRole('textbox', { name: 'Motivo (opcional)' }), 'Más cerca');
    await user.click(within(suggestion).getByRole('button', { name: 'Asignar' }));

    // The panel closes; what was done stays said in the detail.
    expect(await within(panel).findByRole('status')).toHaveTextContent('Asignado a Zoe Vega.');
    expect(within(panel).queryByRole('textbox', { name: 'Motivo (opcional)' })).toBeNull();
    const post = requests.find((request) => request.path === '/services/svc-1/assignment');
    expect(post?.body).toEqual({ driverId: 'drv-2', reason: 'Más cerca' });
    expect(within(panel).getByText('Conductor: Zoe Vega')).toBeInTheDocument();

    // "Reasignar" opens a fresh panel: the earlier reason is gone.
    await user.click(within(panel).getByRole('button', { name: 'Reasignar' }));
    expect(within(panel).getByRole('textbox', { name: 'Motivo (opcional)' })).toHaveValue('');
    expect(within(panel).queryByRole('status')).toBeNull();
  });

  it('names the service type and vehicle types in words, not ids', async () => {
    fakeDispatcherApi({ 'GET /services/svc-1': { status: 200, body: serviceDetail() } });
    await renderFlow(<DispatcherHomeScreen />, { path: '/dispatcher?service=svc-1' });
    await emit('snapshot', snapshot());
    expect(within(row(1001)).getByText(/cambio de goma/)).toBeInTheDocument();
    expect(within(row(1001)).queryByText(/flatTire/)).toBeNull();
    const panel = await screen.findByRole('region', { name: 'Servicio 1001' });
    expect(within(panel).getByText(/cambio de goma · Carretera/)).toBeInTheDocument();
    const drivers = screen.getByRole('region', { name: 'Conductores' });
    expect(within(drivers).getByText('grúa')).toBeInTheDocument();
  });

  it('sends a text with one idempotency key per intended text, reused on a retry', async () => {
    fakeDispatcherApi({
      'GET /services/svc-1': { status: 200, body: serviceDetail() },
      'POST /services/svc-1/messages': { status: 202, body: { queued: true } },
    });
    // The first send never reaches the server (the network drops); the rest go through.
    const server = globalThis.fetch;
    const keys: string[] = [];
    let dropNext = true;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        if (init?.method !== 'POST') return server(input, init);
        keys.push(new Headers(init.headers).get('idempotency-key') ?? '');
        if (dropNext) {
          dropNext = false;
          return Promise.reject(new TypeError('Failed to fetch'));
        }
        return server(input, init);
      }),
    );
    const { user } = await renderFlow(<DispatcherHomeScreen />, {
      path: '/dispatcher?service=svc-1',
    });
    await emit('snapshot', snapshot());
    const panel = await screen.findByRole('region', { name: 'Servicio 1001' });
    await user.click(await within(panel).findByRole('button', { name: 'Enviar mensaje' }));
    const text = within(panel).getByRole('textbox', { name: 'Mensaje al cliente' });
    await user.type(text, 'Su grúa llega en 10 min');
    await user.click(within(panel).getByRole('button', { name: 'Enviar SMS' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Sin conexión');

    // The same text again: the same key, so the server sends it once even if the first went out.
    await user.click(within(panel).getByRole('button', { name: 'Enviar SMS' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent('Mensaje enviado.');
    expect(within(panel).queryByRole('textbox', { name: 'Mensaje al cliente' })).toBeNull();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);

    // Another text is another intended message: a new key.
    await user.click(within(panel).getByRole('button', { name: 'Enviar mensaje' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Mensaje al cliente' }), 'Ya llegó');
    await user.click(within(panel).getByRole('button', { name: 'Enviar SMS' }));
    await vi.waitFor(() => {
      expect(keys).toHaveLength(3);
    });
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a changed text after a failure gets a new key', async () => {
    fakeDispatcherApi({
      'GET /services/svc-1': { status: 200, body: serviceDetail() },
      'POST /services/svc-1/messages': { status: 202, body: { queued: true } },
    });
    const server = globalThis.fetch;
    const keys: string[] = [];
    let dropNext = true;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        if (init?.method !== 'POST') return server(input, init);
        keys.push(new Headers(init.headers).get('idempotency-key') ?? '');
        if (dropNext) {
          dropNext = false;
          return Promise.reject(new TypeError('Failed to fetch'));
        }
        return server(input, init);
      }),
    );
    const { user } = await renderFlow(<DispatcherHomeScreen />, {
      path: '/dispatcher?service=svc-1',
    });
    await emit('snapshot', snapshot());
    const panel = await screen.findByRole('region', { name: 'Servicio 1001' });
    await user.click(await within(panel).findByRole('button', { name: 'Enviar mensaje' }));
    const text = within(panel).getByRole('textbox', { name: 'Mensaje al cliente' });
    await user.type(text, 'Llega en 10 min');
    await user.click(within(panel).getByRole('button', { name: 'Enviar SMS' }));
    await within(panel).findByRole('alert');
    await user.type(text, ' o 15');
    await user.click(within(panel).getByRole('button', { name: 'Enviar SMS' }));
    await within(panel).findByRole('status');
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('cancels with a reason: the dialog closes and the detail says it is cancelled', async () => {
    const cancelled = {
      ...serviceDetail(boardService({ updatedAt: SERVER_NOW })),
      cancellationReason: 'Cliente resolvió',
    };
    fakeDispatcherApi({
      'GET /services/svc-1': { status: 200, body: serviceDetail() },
      'POST /services/svc-1/cancellation': { status: 200, body: cancelled },
    });
    const { user } = await renderFlow(<DispatcherHomeScreen />, {
      path: '/dispatcher?service=svc-1',
    });
    await emit('snapshot', snapshot());
    const panel = await screen.findByRole('region', { name: 'Servicio 1001' });
    await user.click(await within(panel).findByRole('button', { name: 'Cancelar servicio' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancelar el servicio 1001' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Cliente resolvió');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar servicio' }));

    expect(await within(panel).findByRole('status')).toHaveTextContent('Servicio cancelado.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(panel).getByText('Motivo de cancelación: Cliente resolvió')).toBeInTheDocument();
  });
});
