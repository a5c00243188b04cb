import { screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { CustomerContractSchema, INITIAL_SESSION } from '@auxilio/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { testConfig } from '../../../test/fixtures.ts';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { ServiceSummaryScreen } from './service-summary-screen.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('es');
});
beforeEach(() => {
  useSessionStore.setState({
    session: {
      ...INITIAL_SESSION,
      serviceId: 'svc-00000001',
      token: 'tok_0123456789abcdef0123',
      clientForm: {
        ...INITIAL_SESSION.clientForm,
        make: 'Toyota',
        model: 'Corolla',
        plate: 'abc123',
      },
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const service = {
  _id: 'svc-00000001',
  serviceNumber: '1045872',
  account: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  accountPhone: '7875550100',
  branch: 'PR',
  sfIdAccount: 'sf-pr',
  price: 0,
  taxRate: 0,
  date: '2026-11-21T15:00:00.000Z',
  endDate: null,
  situation: 'flatTire',
  serviceType: 'road',
  firstname: 'Ana',
  status: 'Queued',
  // 14:00 UTC is 10:00 in Puerto Rico (UTC-4).
  schedule: '2026-11-23T14:00:00.000Z',
  payments: { subtotal: 0, tax: 0, total: 0 },
  external: { id: null },
  flags: { fromConnectApp: true },
  salesforce: { serviceId: null },
  surveys: { answered: false },
  surplus: null,
  customerContract: null,
  messageConfirmation: { status: 'pending' },
  provider: null,
  trip: { status: null, stamps: {}, simulatedEta: null },
  locations: {
    situation: {
      lat: 18.4,
      lng: -66.1,
      address: 'Calle Luna 5, San Juan',
      placeId: 'p1',
      prettyAddress: 'Calle Luna 5',
    },
    destination: null,
    provider: null,
  },
  driver: null,
};

describe('ServiceSummaryScreen', () => {
  it('shows the scheduled service in the branch zone and goes home on Ok', async () => {
    const fetchStub = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      expect(new Headers(init?.headers).get('authorization')).toBe(
        'Bearer tok_0123456789abcdef0123',
      );
      return Promise.resolve(new Response(JSON.stringify(service), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetchStub);
    const location = memoryLocation({ path: '/service-summary', record: true });
    renderWithProviders(
      <Router hook={location.hook}>
        <ServiceSummaryScreen />
      </Router>,
      { config: testConfig(), i18n },
    );

    expect(await screen.findByText('#1045872')).toBeInTheDocument();
    // In Puerto Rico's time, named on this phone whose clock reads UTC (decision 645).
    expect(screen.getByText(/23 de noviembre de 2026/)).toHaveTextContent(
      /10:00.*\(hora de Puerto Rico\)$/,
    );
    expect(screen.getByText('Cambio de goma')).toBeInTheDocument();
    expect(screen.getByText('Calle Luna 5, San Juan')).toBeInTheDocument();
    expect(screen.getByText('Toyota Corolla · ABC123')).toBeInTheDocument();
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/common/services/svc-00000001');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Ok' }));
    expect(location.history.at(-1)).toBe('/');
  });

  it('a home service shows what was asked, where, the visit date and window, the price and a cancel', async () => {
    // Opened on another phone (a texted link): the session knows nothing of the visit, the service does.
    useSessionStore.setState({
      session: { ...useSessionStore.getState().session, currentTrack: 'home' },
    });
    const home = {
      ...service,
      situation: 'Plumbing',
      serviceType: 'home',
      schedule: '2026-11-28T17:00:00.000Z',
      priceDetails: { priceRate: 8500, serviceCost: 0 },
      home: { subService: 'leak', date: '2026-11-28', availability: 'afternoon' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(home), { status: 200 }))),
    );
    const location = memoryLocation({ path: '/service-summary', record: true });
    renderWithProviders(
      <Router hook={location.hook}>
        <ServiceSummaryScreen cancelSlot={<button type="button">Cancelar servicio</button>} />
      </Router>,
      { config: testConfig(), i18n },
    );

    expect(await screen.findByText('#1045872')).toBeInTheDocument();
    expect(
      screen.getByText(/Le visitaremos en la fecha y el horario indicados/),
    ).toBeInTheDocument();
    expect(screen.getByText('Plomería · Fuga de agua')).toBeInTheDocument();
    expect(screen.getByText('Calle Luna 5, San Juan')).toBeInTheDocument();
    expect(screen.getByText('sábado, 28 de noviembre de 2026')).toBeInTheDocument();
    expect(screen.getByText('Tarde')).toBeInTheDocument();
    expect(screen.getByText('$85.00')).toBeInTheDocument();
    expect(screen.getByText('$0.00')).toBeInTheDocument();
    // No vehicle on a home service.
    expect(screen.queryByText(/Toyota/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancelar servicio' })).toBeInTheDocument();
  });

  it('SPEC 4 home on-demand reset: another request keeps the contract and the home-on-demand flag', async () => {
    const contract = CustomerContractSchema.parse({
      _id: 'ctr-1',
      detail: 'masked',
      account: 'a1b2c3d4e5f6a1b2c3d4e5f6',
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
    useSessionStore.setState({
      session: {
        ...useSessionStore.getState().session,
        currentTrack: 'home',
        accountId: 'a1b2c3d4e5f6a1b2c3d4e5f6',
        brand: 'mmm',
        isMMMHOD: true,
        situation: 'Plumbing',
        customerContract: contract,
      },
    });
    const home = {
      ...service,
      situation: 'Plumbing',
      serviceType: 'home',
      home: { subService: 'leak', date: '2026-11-28', availability: 'morning' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(home), { status: 200 }))),
    );
    const location = memoryLocation({ path: '/service-summary', record: true });
    renderWithProviders(
      <Router hook={location.hook}>
        <ServiceSummaryScreen />
      </Router>,
      { config: testConfig(), i18n },
    );

    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Solicitar otro servicio' }));

    expect(location.history.at(-1)).toBe('/?account=a1b2c3d4e5f6a1b2c3d4e5f6&brand=mmm');
    const session = useSessionStore.getState().session;
    expect(session).toMatchObject({
      serviceId: null,
      situation: null,
      isMMMHOD: true,
      customerContract: contract,
    });
  });

  it('a road service offers no other request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(service), { status: 200 }))),
    );
    renderWithProviders(<ServiceSummaryScreen />, { config: testConfig(), i18n });
    expect(await screen.findByText('#1045872')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Solicitar otro servicio' })).toBeNull();
  });
});
