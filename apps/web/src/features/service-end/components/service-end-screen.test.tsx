import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { INITIAL_SESSION, ServiceSchema, type Service } from '@auxilio/domain';
import { testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { ServiceEndScreen, type ServiceEndKind } from './service-end-screen.tsx';

const ACCOUNT = 'a1b2c3d4e5f6a1b2c3d4e5f6';

function testService(overrides: Partial<Service> = {}): Service {
  return ServiceSchema.parse({
    _id: 'svc-1',
    serviceNumber: '1045872',
    account: ACCOUNT,
    accountPhone: '+17875550100',
    branch: 'PA',
    sfIdAccount: 'sf-1',
    price: 4500,
    taxRate: 0.115,
    date: '2026-03-01T15:00:00.000Z',
    endDate: null,
    situation: 'flatTire',
    serviceType: 'road',
    firstname: 'Ana',
    status: 'Void',
    schedule: '',
    payments: { subtotal: 4500, tax: 518, total: 5018 },
    external: { id: null },
    flags: { fromConnectApp: false },
    salesforce: { serviceId: null },
    surveys: { answered: false },
    surplus: null,
    customerContract: null,
    messageConfirmation: { status: 'pending' },
    provider: null,
    trip: { status: null, stamps: {}, simulatedEta: null },
    locations: { situation: null, destination: null, provider: null },
    driver: null,
    ...overrides,
  });
}

async function renderScreen(
  kind: ServiceEndKind,
  service: Service | null,
  lng: 'es' | 'en' = 'es',
) {
  const location = memoryLocation({ path: `/${kind}`, record: true });
  const onHelp = vi.fn();
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ServiceEndScreen kind={kind} service={service} loading={false} onHelp={onHelp} />
    </Router>,
    { config: testConfig(), i18n: await createTestI18n(lng) },
  );
  return { location, onHelp, user: userEvent.setup() };
}

beforeEach(() => {
  useSessionStore.setState({
    session: { ...INITIAL_SESSION, brand: 'demo', accountId: ACCOUNT, serviceId: 'svc-1' },
  });
});

describe('/cancelled and /finished (SPEC 2 "Cancelled/finished")', () => {
  it.each([
    ['cancelled', 'es', 'Su servicio ha sido cancelado'],
    ['finished', 'es', 'Su servicio ha finalizado'],
    ['cancelled', 'en', 'Your service has been cancelled'],
    ['finished', 'en', 'Your service has been finished'],
  ] as const)('/%s in %s is titled "%s"', async (kind, lng, title) => {
    await renderScreen(kind, testService(), lng);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('shows the receipt: date, service number, subtotal, taxes and total', async () => {
    await renderScreen('finished', testService());
    const receipt = screen.getByRole('region', { name: 'Recibo' });
    const rows = within(receipt)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Fecha', '03/01/2026'],
      ['Número de servicio', '1045872'],
      ['Subtotal', '$45.00'],
      ['Impuestos (11.5%)', '$5.18'],
      ['Total', '$50.18'],
    ]);
  });

  it('the Help link opens the shell help', async () => {
    const { user, onHelp } = await renderScreen('cancelled', testService());
    await user.click(screen.getByRole('button', { name: 'Ayuda' }));
    expect(onHelp).toHaveBeenCalledOnce();
  });

  it('has no Ok button for a service that did not come from the app', async () => {
    await renderScreen('cancelled', testService());
    expect(screen.queryByRole('button', { name: 'Ok' })).not.toBeInTheDocument();
  });

  it('Ok on an app-originated service resets and returns to / with account and brand (SPEC 4 "Reset")', async () => {
    const { user, location } = await renderScreen(
      'finished',
      testService({ flags: { fromConnectApp: true } }),
    );
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(location.history).toEqual([`/?account=${ACCOUNT}&brand=demo`]);
    expect(useSessionStore.getState().session.serviceId).toBeNull();
  });
});
