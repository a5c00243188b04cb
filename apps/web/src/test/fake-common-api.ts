import { vi } from 'vitest';
import { AccountSchema, type Account, type Branch, type PlaceSuggestion } from '@auxilio/domain';

// A stand-in for the common API at the fetch boundary: the screens' real API client, query hooks
// and schemas run; only the network answers come from here. Every request is recorded.

export const TEST_ACCOUNT_ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';

/** A valid account of the test brand (SPEC 3 "Account"). */
export function testAccount(overrides: Partial<Account> = {}): Account {
  return AccountSchema.parse({
    _id: TEST_ACCOUNT_ID,
    name: 'Demo Miembros PR',
    smsName: 'Demo',
    branch: 'PR',
    brand: 'demo',
    kind: 'member',
    phone: '7875550100',
    serviceCoordinationPhone: '7875550101',
    salesforce: 'sf-demo-pr',
    config: {},
    managementFee: 0,
    serviceFees: { flatTire: 5000 },
    tax: { label: 'IVU 11.5%', rate: 0.115 },
    homeServicesAllowed: [],
    pwaHomeServicesAllowed: [],
    pwaRoadServicesAllowed: [],
    ...overrides,
  });
}

export interface FakeApiOptions {
  account?: Account;
  /** Fee in cents answered by GET /fees/customer. */
  feeCents?: number;
  places?: PlaceSuggestion[];
  /** Answer of POST /maps/directions/getAddress (null: no address). */
  address?: { address: string; placeId: string } | null;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

/** Stubs global fetch with the answers above; returns the recorded requests. */
export function fakeCommonApi(options: FakeApiOptions = {}): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url, body });
      const path = url.pathname;
      if (path.startsWith('/common/accounts/')) {
        return Promise.resolve(json(200, options.account ?? testAccount()));
      }
      if (path === '/common/fees/customer') {
        return Promise.resolve(json(200, { data: options.feeCents ?? 5000 }));
      }
      if (path === '/common/maps/places') {
        return Promise.resolve(json(200, { data: options.places ?? [] }));
      }
      if (path === '/common/maps/directions/getAddress') {
        return Promise.resolve(json(200, { data: options.address ?? null }));
      }
      return Promise.resolve(json(404, { code: 'NOT_FOUND', message: `No route ${path}` }));
    }),
  );
  return requests;
}

/** The branch answered for the account. */
export function accountIn(branch: Branch): Account {
  return testAccount({ branch, tax: { label: '', rate: branch === 'CR' ? 0.13 : 0.115 } });
}
