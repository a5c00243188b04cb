import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  CancellationEmailRequestSchema,
  HoldEditCancelRequestSchema,
  INITIAL_SESSION,
  type Brand,
  type Session,
} from '@auxilio/domain';
import { testBrand, testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { CancelServiceButton } from './cancel-service-button.tsx';
import { CancelledNotice } from './cancelled-notice.tsx';

const ACCOUNT = 'a1b2c3d4e5f6a1b2c3d4e5f6';

const SERVICE_SESSION: Session = {
  ...INITIAL_SESSION,
  brand: 'demo',
  accountId: ACCOUNT,
  serviceId: 'svc-7f3a9c',
  serviceNumber: '1045872',
  token: 'service-token-1',
  situation: 'flatTire',
  clientForm: {
    ...INITIAL_SESSION.clientForm,
    fullName: '  Ana Rivera ',
    phone: '7875550123',
    email: 'ana@example.test',
  },
};

interface RecordedCall {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

/**
 * A stand-in for the common API that checks each body with the contract schema the server uses and
 * answers as decision 202 describes. `holdEditStatus` decides the cancel call's HTTP status.
 */
function fakeApi(options: { holdEditStatus?: number } = {}) {
  const calls: RecordedCall[] = [];
  let holdEditStatus = options.holdEditStatus ?? 200;
  const fetchFn = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const headers = new Headers(init?.headers);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      authorization: headers.get('authorization'),
      body,
    });
    const json = (status: number, value: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(value), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    if (url.pathname === '/common/services/holdEdit') {
      const parsed = HoldEditCancelRequestSchema.parse(body);
      if (holdEditStatus === 409) return json(409, { code: 'CONFLICT', message: 'Finished' });
      if (holdEditStatus !== 200) return json(holdEditStatus, { code: 'INTERNAL', message: 'x' });
      return json(200, { _id: parsed._id, status: 'Void' });
    }
    if (url.pathname === '/common/api/v1/service-requests/cancel') {
      CancellationEmailRequestSchema.parse(body);
      return json(200, { status: true });
    }
    return json(404, { code: 'NOT_FOUND', message: 'no route' });
  });
  vi.stubGlobal('fetch', fetchFn);
  return {
    calls,
    setHoldEditStatus: (status: number) => {
      holdEditStatus = status;
    },
  };
}

async function renderButton(brand: Brand = testBrand()) {
  const location = memoryLocation({ path: '/tracking', record: true });
  const user = userEvent.setup();
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <CancelServiceButton />
    </Router>,
    { config: testConfig(brand), i18n: await createTestI18n('es') },
  );
  return { user, location };
}

/** The tracking screen's cancel button, and the root route where a cancellation lands. */
async function renderTrackingAndRoot() {
  const location = memoryLocation({ path: '/tracking', record: true });
  const user = userEvent.setup();
  const view = renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Switch>
        <Route path="/tracking">
          <CancelServiceButton />
        </Route>
        <Route path="/">
          <p>Inicio</p>
          <CancelledNotice />
        </Route>
      </Switch>
    </Router>,
    { config: testConfig(), i18n: await createTestI18n('es') },
  );
  return { user, location, view };
}

async function chooseReason(user: ReturnType<typeof userEvent.setup>, reason: string) {
  await user.click(screen.getByRole('button', { name: 'Cancelar servicio' }));
  const confirm = screen.getByRole('dialog', { name: '¿Desea cancelar su servicio?' });
  await user.click(within(confirm).getByRole('button', { name: 'Cancelar servicio' }));
  const reasons = screen.getByRole('dialog', { name: '¡Ayúdanos a mejorar!' });
  await user.click(within(reasons).getByRole('button', { name: reason }));
  return reasons;
}

beforeEach(() => {
  useSessionStore.setState({ session: SERVICE_SESSION });
});

describe('cancel modals (SPEC 2)', () => {
  it('confirmation: title, "Sus detalles no serán guardados", both buttons and a close icon', async () => {
    const api = fakeApi();
    const { user } = await renderButton();
    await user.click(screen.getByRole('button', { name: 'Cancelar servicio' }));
    const dialog = screen.getByRole('dialog', { name: '¿Desea cancelar su servicio?' });
    expect(dialog).toHaveAccessibleDescription('Sus detalles no serán guardados');
    expect(within(dialog).getByRole('button', { name: 'Cancelar servicio' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continuar servicio' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(dialog.querySelector('[data-illustration="road"]')).not.toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Continuar servicio' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(useSessionStore.getState().session).toEqual(SERVICE_SESSION);
  });

  it('shows the home illustration for a brand with cancelIllustration "home"', async () => {
    fakeApi();
    const { user } = await renderButton(testBrand({ cancelIllustration: 'home' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar servicio' }));
    expect(screen.getByRole('dialog').querySelector('[data-illustration="home"]')).not.toBeNull();
  });

  it('reasons: "¡Ayúdanos a mejorar!", "Razones para cancelar su servicio" and the three reasons', async () => {
    fakeApi();
    const { user } = await renderButton();
    await user.click(screen.getByRole('button', { name: 'Cancelar servicio' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar servicio' }),
    );
    const dialog = screen.getByRole('dialog', { name: '¡Ayúdanos a mejorar!' });
    expect(dialog).toHaveAccessibleDescription('Razones para cancelar su servicio');
    const names = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent || button.getAttribute('aria-label'));
    expect(names).toEqual([
      'Cerrar',
      'Proceso muy complicado',
      'Continué por teléfono',
      'No necesito servicio',
    ]);
  });
});

describe('cancellation (SPEC 4)', () => {
  it('voids the service, sends the e-mail, resets the session and replaces to / with account and brand', async () => {
    const api = fakeApi();
    const { user, location } = await renderButton();
    await chooseReason(user, 'Continué por teléfono');

    await waitFor(() => {
      expect(location.history).toEqual([`/?account=${ACCOUNT}&brand=demo`]);
    });
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/common/services/holdEdit',
        authorization: 'Bearer service-token-1',
        body: {
          _id: 'svc-7f3a9c',
          status: 'Void',
          home: '',
          schedule: '',
          cancellationNotes: '',
          specificCancellationReason: 'Continué por teléfono',
        },
      },
      {
        method: 'POST',
        path: '/common/api/v1/service-requests/cancel',
        authorization: 'Bearer service-token-1',
        body: {
          account_id: ACCOUNT,
          reason: 'Continué por teléfono',
          serviceId: 'svc-7f3a9c',
          serviceNumber: '1045872',
        },
      },
    ]);
    const { session } = useSessionStore.getState();
    expect(session.serviceId).toBeNull();
    expect(session.token).toBeNull();
    expect(session.brand).toBeNull();
  });

  it('without a service to finish calls nothing (decision 477), then resets', async () => {
    const api = fakeApi();
    useSessionStore.setState({
      session: { ...SERVICE_SESSION, serviceNumber: null, token: null },
    });
    const { user, location } = await renderButton();
    await chooseReason(user, 'No necesito servicio');

    await waitFor(() => {
      expect(location.history).toEqual([`/?account=${ACCOUNT}&brand=demo`]);
    });
    expect(api.calls).toEqual([]);
    expect(useSessionStore.getState().session.serviceId).toBeNull();
  });

  it('a failed cancel keeps the service, sends no e-mail, shows an error, and a retry succeeds', async () => {
    const api = fakeApi({ holdEditStatus: 503 });
    const { user, location } = await renderButton();
    const dialog = await chooseReason(user, 'Proceso muy complicado');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No pudimos cancelar su servicio',
    );
    expect(api.calls.map((call) => call.path)).toEqual(['/common/services/holdEdit']);
    expect(useSessionStore.getState().session).toEqual(SERVICE_SESSION);
    expect(location.history).toEqual(['/tracking']);

    api.setHoldEditStatus(200);
    await user.click(within(dialog).getByRole('button', { name: 'Proceso muy complicado' }));
    await waitFor(() => {
      expect(location.history).toEqual([`/?account=${ACCOUNT}&brand=demo`]);
    });
    expect(api.calls.map((call) => call.path)).toEqual([
      '/common/services/holdEdit',
      '/common/services/holdEdit',
      '/common/api/v1/service-requests/cancel',
    ]);
    expect(useSessionStore.getState().session.serviceId).toBeNull();
  });

  it('a service that can no longer be voided (409) says so and keeps the session', async () => {
    fakeApi({ holdEditStatus: 409 });
    const { user, location } = await renderButton();
    const dialog = await chooseReason(user, 'No necesito servicio');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'ya terminó o fue cancelado',
    );
    expect(useSessionStore.getState().session).toEqual(SERVICE_SESSION);
    expect(location.history).toEqual(['/tracking']);
  });
});

describe('the confirmation where a cancellation lands (decision 742)', () => {
  it('says on the root route that the service is cancelled, until Ok', async () => {
    fakeApi();
    const { user, location } = await renderTrackingAndRoot();
    await chooseReason(user, 'No necesito servicio');

    const notice = await screen.findByRole('status');
    expect(location.history).toEqual([`/?account=${ACCOUNT}&brand=demo`]);
    expect(screen.getByText('Inicio')).toBeInTheDocument();
    expect(notice).toHaveTextContent('Su servicio n.º 1045872 ha sido cancelado.');

    await user.click(within(notice).getByRole('button', { name: 'Ok' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('is shown once: the root route opened again says nothing', async () => {
    fakeApi();
    const first = await renderTrackingAndRoot();
    await chooseReason(first.user, 'No necesito servicio');
    await screen.findByRole('status');
    first.view.unmount();

    useSessionStore.setState({ session: INITIAL_SESSION });
    renderWithProviders(<CancelledNotice />, {
      config: testConfig(),
      i18n: await createTestI18n('es'),
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('without a service number still says the service is cancelled', async () => {
    fakeApi();
    useSessionStore.setState({
      session: { ...SERVICE_SESSION, serviceNumber: null, token: null },
    });
    const { user } = await renderTrackingAndRoot();
    await chooseReason(user, 'No necesito servicio');
    expect(await screen.findByRole('status')).toHaveTextContent('Su servicio ha sido cancelado.');
  });

  it('a failed cancel leaves no confirmation behind', async () => {
    fakeApi({ holdEditStatus: 503 });
    const { user, view } = await renderTrackingAndRoot();
    const dialog = await chooseReason(user, 'Proceso muy complicado');
    await within(dialog).findByRole('alert');
    view.unmount();
    renderWithProviders(<CancelledNotice />, {
      config: testConfig(),
      i18n: await createTestI18n('es'),
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
