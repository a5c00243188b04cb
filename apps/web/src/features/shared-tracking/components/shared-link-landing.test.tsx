import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  INITIAL_SESSION,
  SharedServiceSchema,
  type SharedService,
  type Session,
} from '@auxilio/domain';
import { testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { SERVICE_ID, SERVICE_TOKEN, testService } from '../../../test/service-fixture.ts';
import type { SharedMapInput } from './shared-tracking-screen.tsx';
import { SharedLinkLanding } from './shared-link-landing.tsx';

const LINK_TOKEN = 'Lk4_link-token-0123456789abcdefghijklmnop';
const SEARCH = `?account=demo&redirect=tracking/loading&t=${LINK_TOKEN}`;

/** The redacted view as decision 474 answers it: a driver on his way, no phone, no price. */
function sharedView(overrides: Partial<SharedService> = {}): SharedService {
  return SharedServiceSchema.parse({
    serviceId: SERVICE_ID,
    status: 'Active',
    situation: 'flatTire',
    serviceType: 'road',
    branch: 'PR',
    trip: { status: 'ACCEPTED', stamps: {}, simulatedEta: 600 },
    locations: {
      situation: { lat: 18.4, lng: -66.1, address: 'Calle 1, San Juan' },
      destination: null,
    },
    driver: {
      firstName: 'Luis',
      vehicleType: 'Grúa',
      iconset: null,
      vehicleImage: null,
      lat: 18.45,
      lng: -66.05,
      eta: 900,
      distance: 5200,
    },
    expiresAt: null,
    ...overrides,
  });
}

interface Call {
  path: string;
  authorization: string | null;
}

/** The common API: the service for its own token, the shared view for the link token. */
function fakeApi(shared: { status: number; body: unknown }, serviceStatus = 200) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      const authorization = new Headers(init?.headers).get('authorization');
      calls.push({ path, authorization });
      const json = (status: number, value: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(value), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
        );
      if (path === `/common/services/${SERVICE_ID}`) {
        return serviceStatus === 200
          ? json(200, testService())
          : json(serviceStatus, { code: 'FORBIDDEN', message: 'not this service' });
      }
      if (path === `/common/api/v1/services/${SERVICE_ID}/shared`) {
        return json(shared.status, shared.body);
      }
      return json(404, { code: 'NOT_FOUND', message: 'no route' });
    }),
  );
  return calls;
}

async function renderLanding(search: string) {
  const location = memoryLocation({ path: `/${SERVICE_ID}${search}`, record: true });
  const maps: SharedMapInput[] = [];
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SharedLinkLanding
        serviceId={SERVICE_ID}
        search={search.slice(1)}
        renderMap={(input) => {
          maps.push(input);
          return <div data-testid="map" />;
        }}
      />
    </Router>,
    { config: testConfig(), i18n: await createTestI18n('es') },
  );
  return { location, maps };
}

const CUSTOMER: Session = {
  ...INITIAL_SESSION,
  brand: 'demo',
  serviceId: SERVICE_ID,
  token: SERVICE_TOKEN,
  situation: 'flatTire',
};

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ session: INITIAL_SESSION });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/{serviceId} landing (SPEC 2, decisions 114/123/475)', () => {
  it("the customer's own phone loads its service and goes to tracking/loading after 3 s", async () => {
    useSessionStore.setState({ session: CUSTOMER });
    const calls = fakeApi({ status: 500, body: {} });
    const { location } = await renderLanding(SEARCH);
    expect(screen.getByRole('heading', { name: 'Abriendo su servicio' })).toBeInTheDocument();
    await waitFor(() => {
      expect(calls.some((call) => call.path === `/common/services/${SERVICE_ID}`)).toBe(true);
    });
    expect(location.history.at(-1)).toBe(`/${SERVICE_ID}${SEARCH}`);
    await waitFor(
      () => {
        expect(location.history.at(-1)).toBe('/tracking/loading');
      },
      {
        timeout: 4_500,
      },
    );
    // Replaced, so Back does not return to the landing (decision 123).
    expect(location.history).toHaveLength(1);
    expect(calls.some((call) => call.path.endsWith('/shared'))).toBe(false);
  });

  it('another phone with t sees the read-only shared tracking, and nothing enters its session', async () => {
    const calls = fakeApi({ status: 200, body: sharedView() });
    const { maps } = await renderLanding(SEARCH);
    expect(
      await screen.findByRole('heading', { name: 'Luis estará con usted pronto' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Seguimiento compartido')).toBeInTheDocument();
    expect(screen.getByText('Conductor: Luis · Grúa')).toBeInTheDocument();
    expect(screen.getByTestId('map')).toBeInTheDocument();
    expect(maps.at(-1)).toEqual({
      situation: { lat: 18.4, lng: -66.1 },
      driver: { lat: 18.45, lng: -66.05 },
      destination: null,
      reached: false,
    });
    // Read-only: no call, note, cancel or share controls.
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(calls).toContainEqual({
      path: `/common/api/v1/services/${SERVICE_ID}/shared`,
      authorization: `Bearer ${LINK_TOKEN}`,
    });
    expect(calls.some((call) => call.path === `/common/services/${SERVICE_ID}`)).toBe(false);
    expect(useSessionStore.getState().session).toEqual(INITIAL_SESSION);
  });

  it('on route: the estimated time shows', async () => {
    fakeApi({
      status: 200,
      body: sharedView({ trip: { status: 'ON_ROUTE', stamps: {}, simulatedEta: 600 } }),
    });
    await renderLanding(SEARCH);
    expect(
      await screen.findByRole('heading', { name: 'Su asistencia va en camino' }),
    ).toBeInTheDocument();
    // Decision 645: Puerto Rico's time, named, on a phone whose clock reads UTC (vitest.config).
    expect(
      screen.getByText(/^Hora estimada: \d{1,2}:\d{2}(AM|PM) \(hora de Puerto Rico\)$/),
    ).toBeInTheDocument();
  });

  it('an expired link (410) says so', async () => {
    const calls = fakeApi({
      status: 410,
      body: { code: 'GONE', message: 'This tracking link has expired' },
    });
    await renderLanding(SEARCH);
    expect(
      await screen.findByRole('heading', { name: 'Este enlace ya venció' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('24 horas después de terminar el servicio');
    // Not retried: an expired link will not come back.
    expect(calls.filter((call) => call.path.endsWith('/shared'))).toHaveLength(1);
  });

  it('a link token that does not open the service (403) is not valid', async () => {
    fakeApi({ status: 403, body: { code: 'FORBIDDEN', message: 'no' } });
    await renderLanding(SEARCH);
    expect(
      await screen.findByRole('heading', { name: 'Este enlace no es válido' }),
    ).toBeInTheDocument();
  });

  it("the customer's phone whose token the API refuses (403) falls back to the shared view", async () => {
    useSessionStore.setState({ session: CUSTOMER });
    const calls = fakeApi({ status: 200, body: sharedView() }, 403);
    await renderLanding(SEARCH);
    expect(
      await screen.findByRole('heading', { name: 'Luis estará con usted pronto' }),
    ).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(`/common/services/${SERVICE_ID}`);
  });

  it('without t on a phone that does not hold the service, the link is not valid', async () => {
    const calls = fakeApi({ status: 200, body: sharedView() });
    await renderLanding('?account=demo&redirect=tracking/loading');
    expect(screen.getByRole('heading', { name: 'Este enlace no es válido' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
