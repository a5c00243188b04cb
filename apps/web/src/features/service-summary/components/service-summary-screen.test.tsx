import { screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { INITIAL_SESSION } from '@auxilio/domain';
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
    expect(screen.getByText(/23 de noviembre de 2026/)).toHaveTextContent(/10:00/);
    expect(screen.getByText('Cambio de goma')).toBeInTheDocument();
    expect(screen.getByText('Calle Luna 5, San Juan')).toBeInTheDocument();
    expect(screen.getByText('Toyota Corolla · ABC123')).toBeInTheDocument();
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/common/services/svc-00000001');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Ok' }));
    expect(location.history.at(-1)).toBe('/');
  });
});
