import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import {
  AccountSchema,
  maskedContract,
  INITIAL_SESSION,
  SERVICE_TYPES,
  type Account,
  type Brand,
  type CustomerContract,
  type LimitCheckResult,
  type Session,
} from '@auxilio/domain';
import { useSessionStore } from '../stores/session-store.ts';
import { testBrand, testConfig } from './fixtures.ts';
import { renderWithProviders } from './render.tsx';
import { createTestI18n } from './test-i18n.ts';

// Test kit of the request-flow screens: the real screens, store, API client, query hooks and domain
// rules run; only the network answers (fetch) are stood in, and every request is recorded.

export const ACCOUNT_ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';

export function flowAccount(overrides: Partial<Account> = {}): Account {
  return AccountSchema.parse({
    _id: ACCOUNT_ID,
    name: 'Demo Miembros PR',
    smsName: 'Demo',
    branch: 'PR',
    brand: 'demo',
    kind: 'member',
    phone: '+17875550100',
    serviceCoordinationPhone: '+17875550199',
    salesforce: 'sf-demo-pr',
    config: {},
    managementFee: 1000,
    serviceFees: { flatTire: 5000, towBreakdown: 9000 },
    tax: { label: 'IVU 11.5%', rate: 0.115 },
    homeServicesAllowed: [],
    pwaHomeServicesAllowed: [],
    pwaRoadServicesAllowed: ['towTire', 'towCollision', 'glass_replacement'],
    ...overrides,
  });
}

export function flowContract(overrides: Partial<CustomerContract> = {}): CustomerContract {
  return {
    _id: 'contract-0001',
    detail: 'full',
    account: ACCOUNT_ID,
    branch: 'PR',
    fullName: 'Ana Rivera Soto',
    memberId: '400000001',
    policyNumber: 'PR-AU-1234567',
    phone: '+17875550123',
    email: 'ana@example.test',
    active: true,
    startDate: '2025-01-01T04:00:00.000Z',
    endDate: null,
    vehicles: [
      { plate: 'ABC123', make: 'Toyota', model: 'Corolla', year: 2020, color: 'Rojo', vin: '' },
    ],
    coverageLimits: [],
    ...overrides,
  };
}

export const COVERED: LimitCheckResult = {
  checkLimit: false,
  setOnDemand: false,
  contractPlate: 'ABC123',
  surplus: null,
  messages: [],
};

export interface FakeApi {
  account?: Account;
  contracts?: CustomerContract[];
  /** Answer of the limit check. */
  limit?: LimitCheckResult;
  /** HTTP status of the contract search (200 unless set). */
  contractSearchStatus?: number;
  /** The vehicle catalogue of getMake / getModel (FLOW_CATALOG unless set); null answers 503. */
  catalog?: Record<string, string[]> | null;
}

/** A small vehicle catalogue (SPEC 7 getMake / getModel, decision 400) for the client form. */
export const FLOW_CATALOG: Record<string, string[]> = {
  Honda: ['Civic', 'CR-V', 'HR-V'],
  Jeep: ['Compass', 'Renegade', 'Wrangler'],
  Toyota: ['Corolla', 'RAV4', 'Tacoma'],
};

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
  /** Request headers, lower-case names. */
  headers: Record<string, string>;
}

/** Stubs fetch with the common API answers of the request flow; returns the recorded requests. */
export function fakeFlowApi(api: FakeApi = {}): RecordedRequest[] {
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
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      requests.push({ method, url, body, headers });
      const path = url.pathname;
      if (path.startsWith('/common/accounts/')) {
        return Promise.resolve(json(200, api.account ?? flowAccount()));
      }
      if (path === '/common/services/types/all') {
        return Promise.resolve(json(200, SERVICE_TYPES));
      }
      if (path === '/common/api/v1/dispatch/contracts/') {
        const status = api.contractSearchStatus ?? 200;
        // As the API answers the public app key (decision 417): the holder masked.
        const given = url.searchParams.get('plate') ?? url.searchParams.get('search') ?? '';
        return Promise.resolve(
          status === 200
            ? json(200, { data: api.contracts ?? [maskedContract(flowContract(), given)] })
            : json(status, { code: 'INTERNAL', message: 'Search failed' }),
        );
      }
      if (path.startsWith('/common/utils/getMake/') || path.startsWith('/common/utils/getModel/')) {
        const catalog = api.catalog === undefined ? FLOW_CATALOG : api.catalog;
        if (catalog === null) {
          return Promise.resolve(json(503, { code: 'UNAVAILABLE', message: 'No catalogue' }));
        }
        const make = decodeURIComponent(path.split('/')[5] ?? '');
        const data = path.includes('/getMake/') ? Object.keys(catalog) : catalog[make];
        return Promise.resolve(
          data ? json(200, { data }) : json(404, { code: 'NOT_FOUND', message: `No make ${make}` }),
        );
      }
      if (path === '/common/api/v1/dispatch/contact/checklimit') {
        return Promise.resolve(json(200, { data: api.limit ?? COVERED }));
      }
      return Promise.resolve(json(404, { code: 'NOT_FOUND', message: `No route ${path}` }));
    }),
  );
  return requests;
}

/** A session ready for a request on the test account. */
export function flowSession(overrides: Partial<Session> = {}): Session {
  return { ...INITIAL_SESSION, brand: 'demo', accountId: ACCOUNT_ID, ...overrides };
}

/** Renders a screen at `path` with the app's providers and a recorded in-memory location. */
export async function renderFlow(
  ui: ReactNode,
  options: { path: string; session?: Session; brand?: Brand; lng?: 'es' | 'en' },
) {
  useSessionStore.setState({ session: options.session ?? flowSession() });
  const location = memoryLocation({ path: options.path, record: true });
  const user = userEvent.setup();
  const brand = options.brand ?? testBrand();
  const view = renderWithProviders(<Router hook={location.hook}>{ui}</Router>, {
    config: testConfig(brand),
    i18n: await createTestI18n(options.lng ?? 'es'),
  });
  return { ...view, user, history: location.history };
}

/** The session as the store holds it now. */
export function currentSession(): Session {
  return useSessionStore.getState().session;
}
