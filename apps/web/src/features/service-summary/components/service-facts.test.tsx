import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { INITIAL_SESSION, ServiceSchema, type Service } from '@auxilio/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { testConfig } from '../../../test/fixtures.ts';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { ServiceFacts } from './service-facts.tsx';

// The facts of a scheduled tow on /service-summary: where to, and how many ride along (decisions
// 650, 652).

let es: I18n;
let en: I18n;
beforeAll(async () => {
  [es, en] = await Promise.all([createTestI18n('es'), createTestI18n('en')]);
});
beforeEach(() => {
  useSessionStore.setState({
    session: { ...INITIAL_SESSION, serviceId: 'svc-00000001', passengers: 3 },
  });
});

const tow: Service = ServiceSchema.parse({
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
  situation: 'towBreakdown',
  serviceType: 'road',
  firstname: 'Ana',
  status: 'Queued',
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
    destination: {
      lat: 18.3986,
      lng: -66.1557,
      address: 'Bayamón, Puerto Rico',
      placeId: 'p2',
      prettyAddress: '',
    },
    provider: null,
  },
  driver: null,
});

/** The facts as label → value, in screen order. */
function facts(): Array<[string | null, string | null | undefined]> {
  return screen
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('ServiceFacts of a tow (decisions 650, 652)', () => {
  it('shows the destination the service stores and the passengers this session chose', () => {
    renderWithProviders(<ServiceFacts service={tow} />, { config: testConfig(), i18n: es });
    expect(facts()).toEqual(
      expect.arrayContaining([
        ['Dirección', 'Calle Luna 5, San Juan'],
        ['Destino', 'Bayamón, Puerto Rico'],
        ['Pasajeros', '3 pasajeros'],
      ]),
    );
  });

  it('in English too', () => {
    renderWithProviders(<ServiceFacts service={tow} />, { config: testConfig(), i18n: en });
    expect(facts()).toEqual(
      expect.arrayContaining([
        ['Destination', 'Bayamón, Puerto Rico'],
        ['Passengers', '3 passengers'],
      ]),
    );
  });

  it('opened on another phone (a session that did not make it): the destination, no passengers', () => {
    useSessionStore.setState({ session: { ...INITIAL_SESSION, passengers: 0 } });
    renderWithProviders(<ServiceFacts service={tow} />, { config: testConfig(), i18n: es });
    expect(screen.getByText('Bayamón, Puerto Rico')).toBeInTheDocument();
    expect(screen.queryByText('Pasajeros')).toBeNull();
  });

  it('a service that is not a tow and has no destination shows neither', () => {
    const flatTire = ServiceSchema.parse({
      ...tow,
      situation: 'flatTire',
      locations: { ...tow.locations, destination: null },
    });
    renderWithProviders(<ServiceFacts service={flatTire} />, { config: testConfig(), i18n: es });
    expect(screen.getByText('Calle Luna 5, San Juan')).toBeInTheDocument();
    expect(screen.queryByText('Destino')).toBeNull();
    expect(screen.queryByText('Pasajeros')).toBeNull();
  });
});
