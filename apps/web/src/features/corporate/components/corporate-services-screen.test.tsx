import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { INITIAL_SESSION, type Service, type Session } from '@auxilio/domain';
import { flowAccount, flowContract, renderFlow } from '../../../test/flow-test-kit.tsx';
import { testBrand } from '../../../test/fixtures.ts';
import { SERVICE_ID, SERVICE_TOKEN, testService } from '../../../test/service-fixture.ts';
import { CorporateServicesScreen } from './corporate-services-screen.tsx';

const brand = testBrand({ corporate: true, name: 'Honda' });
const account = flowAccount({ pwaRoadServicesAllowed: ['towTire', 'flatTire'] });

/** GET /common/services/{id} answers `service` to the service's token only. */
function stubServiceApi(service: Service) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get('authorization');
      const ok = input.endsWith(`/services/${SERVICE_ID}`) && auth === `Bearer ${SERVICE_TOKEN}`;
      return Promise.resolve(
        new Response(JSON.stringify(ok ? service : { code: 'FORBIDDEN', message: 'no' }), {
          status: ok ? 200 : 403,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
}

const withService: Partial<Session> = {
  serviceId: SERVICE_ID,
  token: SERVICE_TOKEN,
  serviceNumber: '4321',
};

function render(session: Partial<Session> = {}) {
  return renderFlow(<CorporateServicesScreen account={account} accountFailed={false} />, {
    path: '/corporate/services',
    brand,
    session: { ...INITIAL_SESSION, brand: 'demo', ...session },
  });
}

const coverage = () =>
  within(screen.getByRole('list', { name: 'Su plan cubre' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/corporate/services', () => {
  it("lists what the account's plan covers, and says no service was requested here yet", async () => {
    stubServiceApi(testService());
    await render();
    expect(coverage()).toEqual(['Grúa por gomaIncluido', 'Cambio de gomaIncluido']);
    expect(screen.getByText(/Los límites de su plan aparecen/)).toBeInTheDocument();
    expect(
      screen.getByText('Aún no ha solicitado asistencia desde este teléfono.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar asistencia' })).toHaveAttribute(
      'href',
      '/services',
    );
  });

  it("shows the contract's limits once the vehicle was identified", async () => {
    stubServiceApi(testService());
    await render({
      customerContract: flowContract({
        coverageLimits: [
          {
            serviceType: 'towTire',
            maxEvents: 3,
            usedEvents: 1,
            maxAmount: null,
            maxDistanceKm: 40,
          },
          {
            serviceType: null,
            maxEvents: null,
            usedEvents: 0,
            maxAmount: null,
            maxDistanceKm: null,
          },
        ],
      }),
    });
    expect(coverage()).toEqual([
      'Grúa por goma1 de 3 usados · hasta 40 km',
      'Cambio de gomaSin límite',
    ]);
  });

  it('shows the running service of this phone with the way back to it', async () => {
    stubServiceApi(testService({ date: new Date().toISOString() }));
    await render(withService);
    const card = (await screen.findByText('Servicio n.º 4321')).closest('li');
    if (!card) throw new Error('no service card');
    expect(card).toHaveTextContent('Cambio de goma');
    expect(card).toHaveTextContent('En curso');
    expect(within(card).getByRole('link', { name: 'Seguir mi servicio' })).toHaveAttribute(
      'href',
      '/tracking',
    );
  });

  it('shows a finished service without the tracking link', async () => {
    stubServiceApi(
      testService({
        date: new Date().toISOString(),
        status: 'Finished',
        trip: { status: 'FINISHED', stamps: {}, simulatedEta: 0 },
      }),
    );
    await render(withService);
    const card = (await screen.findByText('Servicio n.º 4321')).closest('li');
    expect(card).toHaveTextContent('Finalizado');
    expect(screen.queryByRole('link', { name: 'Seguir mi servicio' })).toBeNull();
  });
});
