import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_SESSION, type Session } from '@auxilio/domain';
import { RuntimeConfigContext } from '../config/runtime-config-context.ts';
import { testConfig } from '../test/fixtures.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { serviceKeys } from './service-query.ts';
import { useSubmitServiceRequest, type PaymentDetails } from './use-submit-service-request.ts';

// The real hook, store, API client and query cache; only the network (fetch) is stubbed.

const ACCOUNT_ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';
const TOKEN = 'tok_0123456789abcdef0123';

const account = {
  _id: ACCOUNT_ID,
  name: 'Demo PR',
  smsName: 'Demo',
  branch: 'PR',
  brand: 'demo',
  kind: 'member',
  phone: '7875550100',
  serviceCoordinationPhone: '7875550101',
  salesforce: 'sf-pr',
  config: {
    policyLimitVersion: 'V1',
    finishedScreenAfterService: false,
    surveyStepShownAsFinished: false,
    socialStepWhenFinished: false,
    legacyReceiptPreview: false,
    otherTileHelpText: null,
  },
  managementFee: 0,
  serviceFees: { flatTire: 4500 },
  tax: { label: 'IVU', rate: 0 },
  homeServicesAllowed: [],
  pwaHomeServicesAllowed: [],
  pwaRoadServicesAllowed: [],
};

function serviceBody(id: string, schedule: string) {
  return {
    _id: id,
    serviceNumber: '1045872',
    account: ACCOUNT_ID,
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
    schedule,
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
    locations: { situation: null, destination: null, provider: null },
    driver: null,
  };
}

const requestSession: Session = {
  ...INITIAL_SESSION,
  brand: 'demo',
  accountId: ACCOUNT_ID,
  situation: 'flatTire',
  serviceType: { name: 'flatTire', category: 'road' },
  notes: 'Portón azul',
  clientForm: {
    ...INITIAL_SESSION.clientForm,
    fullName: 'Ana Rivera',
    phone: '787-555-0100',
    plate: 'abc123',
    year: '2020',
    make: 'Toyota',
    model: 'Corolla',
    color: 'Rojo',
  },
  locations: {
    ...INITIAL_SESSION.locations,
    situation: {
      lat: 18.4,
      lng: -66.1,
      address: 'Calle Luna 5, San Juan',
      placeId: 'pl-1',
      prettyAddress: 'Calle Luna 5',
    },
  },
};

interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

/** A fake server at the fetch boundary; `failCreates` answers with a network error N times. */
function installServer({ schedule = '', failCreates = 0 } = {}) {
  const calls: Call[] = [];
  let failuresLeft = failCreates;
  const created = new Map<string, unknown>();
  const fetchStub = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body, headers: new Headers(init?.headers) });
    const json = (status: number, data: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(data), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    if (method === 'GET' && url === `/common/accounts/${ACCOUNT_ID}`) return json(200, account);
    if (method === 'POST' && url === '/common/api/v1/service-requests') {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      // Decision 200: the same serviceId with another body is a 409.
      const { serviceId } = body as { serviceId: string };
      const first = created.get(serviceId);
      if (first !== undefined && JSON.stringify(first) !== JSON.stringify(body)) {
        return json(409, { code: 'CONFLICT', message: 'Another body for this serviceId' });
      }
      created.set(serviceId, body);
      return json(201, { token: TOKEN, eventId: 'ev-1', serviceId, serviceNumber: '1045872' });
    }
    const detail = /^\/common\/services\/([^/?]+)$/.exec(url);
    if (method === 'GET' && detail?.[1]) return json(200, serviceBody(detail[1], schedule));
    return json(404, { code: 'NOT_FOUND', message: 'No such route' });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

function setup(session: Session = requestSession) {
  useSessionStore.setState({ session });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path: '/location/summary', record: true });
  const config = testConfig();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeConfigContext value={config}>
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook}>{children}</Router>
      </QueryClientProvider>
    </RuntimeConfigContext>
  );
  const hook = renderHook(() => useSubmitServiceRequest(), { wrapper });
  return { hook, location, queryClient };
}

const posts = (calls: Call[]) =>
  calls
    .filter((call) => call.method === 'POST')
    .map((call) => call.body as Record<string, unknown>);

beforeEach(() => {
  useSessionStore.setState({ session: INITIAL_SESSION });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useSubmitServiceRequest', () => {
  it('posts the SPEC 3 payload, stores the token and goes to /tracking/loading', async () => {
    const calls = installServer();
    const { hook, location, queryClient } = setup();

    await act(() => hook.result.current.submit());

    const [payload] = posts(calls);
    expect(payload).toMatchObject({
      vehPlate: 'ABC123',
      notes: 'From Client: Portón azul',
      status: 'Queued',
      account_id: ACCOUNT_ID,
      isFromCheckLimit: false,
      fromConnectApp: true,
      sourceData: { type: 'pwa' },
    });
    const session = useSessionStore.getState().session;
    expect(session.serviceId).toBe(payload?.serviceId);
    expect(session.token).toBe(TOKEN);
    expect(session.serviceNumber).toBe('1045872');
    // The service read carries the bearer token and seeds the shared cache entry.
    const read = calls.find((call) => call.url.startsWith('/common/services/'));
    expect(read?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(queryClient.getQueryData(serviceKeys.detail(session.serviceId ?? ''))).toMatchObject({
      serviceNumber: '1045872',
    });
    expect(location.history.at(-1)).toBe('/tracking/loading');
    expect(hook.result.current.error).toBeNull();
  });

  it('goes to /service-summary when the service is scheduled', async () => {
    installServer({ schedule: '2026-11-23T14:00:00.000Z' });
    const { hook, location } = setup({ ...requestSession, schedule: '2026-11-23T14:00:00.000Z' });

    await act(() => hook.result.current.submit());

    expect(location.history.at(-1)).toBe('/service-summary');
  });

  it('sends isFromCheckLimit when the previous account had another brand', async () => {
    const calls = installServer();
    const { hook } = setup({
      ...requestSession,
      previousAccount: { id: ACCOUNT_ID, brand: 'other' },
    });

    await act(() => hook.result.current.submit());

    expect(posts(calls)[0]?.isFromCheckLimit).toBe(true);
  });

  it('reuses the stored serviceId when retrying after a lost request', async () => {
    const calls = installServer({ failCreates: 1 });
    const { hook, location } = setup();

    await act(() => hook.result.current.submit());
    expect(hook.result.current.error?.code).toBe('NETWORK');
    const storedId = useSessionStore.getState().session.serviceId;
    expect(storedId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(useSessionStore.getState().session.token).toBeNull();

    // A minute later (the driver walked to better signal): the same body goes again.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    await act(() => hook.result.current.submit());
    vi.useRealTimers();

    const [first, second] = posts(calls);
    expect(first?.serviceId).toBe(storedId);
    expect(second?.serviceId).toBe(storedId);
    expect(second).toEqual(first);
    expect(useSessionStore.getState().session.token).toBe(TOKEN);
    expect(hook.result.current.error).toBeNull();
    expect(location.history.at(-1)).toBe('/tracking/loading');
  });

  it('never posts again once the session holds the token', async () => {
    const calls = installServer();
    const { hook, location } = setup({
      ...requestSession,
      serviceId: 'svc-00000001',
      token: TOKEN,
      serviceNumber: '1045872',
    });

    await act(() => hook.result.current.submit());

    expect(posts(calls)).toHaveLength(0);
    expect(location.history.at(-1)).toBe('/tracking/loading');
  });

  it('puts the card charge into the session and the payload', async () => {
    const calls = installServer();
    const { hook } = setup();
    const payment: PaymentDetails = {
      paymentMethod: 'card',
      chargeIdStripe: 'ch_sandbox_1',
      customerIdStripe: 'cus_sandbox_1',
      cardIdStripe: 'card_sandbox_1',
      amount: 4500,
      emailPayment: 'ana@example.com',
    };

    await act(() => hook.result.current.submit(payment));

    expect(posts(calls)[0]).toMatchObject({
      paymentMethod: 'card',
      chargeIdStripe: 'ch_sandbox_1',
      customerIdStripe: 'cus_sandbox_1',
      cardIdStripe: 'card_sandbox_1',
      email_payment: 'ana@example.com',
    });
    expect(useSessionStore.getState().session.payment).toMatchObject(payment);
  });

  it('leaves the app for the configured success link with the service number', async () => {
    installServer();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ assign } as unknown as Location);
    const { hook } = setup({
      ...requestSession,
      integrations: [
        {
          name: 'connect-app-service-creation',
          enabled: true,
          config: {
            disableContractSearch: false,
            successRedirectUrl: 'https://app.example.test/done',
            allowedRedirectOrigins: ['https://app.example.test'],
          },
        },
      ],
    });

    await act(() => hook.result.current.submit());

    expect(assign).toHaveBeenCalledTimes(1);
    expect(String(assign.mock.calls[0]?.[0])).toContain('https://app.example.test/done');
    expect(String(assign.mock.calls[0]?.[0])).toContain('1045872');
  });

  it('reports a session that misses a step without posting', async () => {
    const calls = installServer();
    const { hook } = setup({ ...requestSession, situation: null });

    await act(() => hook.result.current.submit());

    expect(hook.result.current.error).toMatchObject({ code: 'BAD_REQUEST', field: 'situation' });
    expect(posts(calls)).toHaveLength(0);
  });
});
