import { vi } from 'vitest';
import type {
  BoardDriver,
  BoardService,
  BoardSnapshot,
  DispatcherServiceDetail,
  DispatcherSession,
} from '@auxilio/domain';
import { DISPATCHER_SESSION_KEY } from '../utils/dispatcher-token-store.ts';

// Board rows, drivers and a detail as the dispatcher API answers them, and a fetch stand-in that
// records every request, for the console's tests.

export const SERVER_NOW = '2026-11-28T14:00:00.000Z';
const minutesBefore = (minutes: number) =>
  new Date(Date.parse(SERVER_NOW) - minutes * 60_000).toISOString();

export function boardService(overrides: Partial<BoardService> = {}): BoardService {
  return {
    _id: 'svc-1',
    serviceNumber: 1001,
    accountId: 'acc-1',
    brand: 'demo',
    branch: 'PR',
    situation: 'flatTire',
    serviceType: 'road',
    stage: 'queued',
    status: 'Queued',
    tripStatus: null,
    createdAt: minutesBefore(2),
    schedule: null,
    etaSeconds: null,
    address: 'Calle Loíza 100, San Juan',
    location: { lat: 18.45, lng: -66.05 },
    driver: null,
    offeredTo: null,
    breaches: [],
    updatedAt: minutesBefore(1),
    ...overrides,
  };
}

export function boardDriver(overrides: Partial<BoardDriver> = {}): BoardDriver {
  return {
    id: 'drv-1',
    name: 'Luis Ortiz',
    branch: 'PR',
    vehicleType: 'tow_truck',
    online: true,
    status: 'available',
    currentService: null,
    busyElsewhere: false,
    position: { lat: 18.4, lng: -66.1 },
    lastSeenAt: minutesBefore(0.5),
    ...overrides,
  };
}

export function snapshot(overrides: Partial<BoardSnapshot> = {}): BoardSnapshot {
  return {
    serverTime: SERVER_NOW,
    services: [boardService()],
    drivers: [boardDriver()],
    ...overrides,
  };
}

export function serviceDetail(service: BoardService = boardService()): DispatcherServiceDetail {
  return {
    service,
    customer: { firstname: 'Ana', phoneMasked: '+1 787 ••• ••23', hasEmail: true },
    situation: { lat: 18.45, lng: -66.05, address: 'Calle Loíza 100, San Juan' },
    destination: null,
    vehicle: { make: 'Toyota', model: 'Corolla', color: 'Rojo', plate: 'ABC123' },
    notes: 'Portón azul',
    cancellationReason: null,
    timeline: [
      { seq: 1, at: minutesBefore(2), type: 'created', payload: {} },
      {
        seq: 2,
        at: minutesBefore(1.5),
        type: 'dispatch',
        payload: { step: 'offered', driverId: 'drv-1' },
      },
      {
        seq: 3,
        at: minutesBefore(1),
        type: 'dispatch',
        payload: { step: 'timed_out', driverId: 'drv-1' },
      },
    ],
    audit: [],
  };
}

export function dispatcherSession(overrides: Partial<DispatcherSession> = {}): DispatcherSession {
  return {
    token: 'dispatcher-token',
    expiresAt: '2099-01-01T00:00:00.000Z',
    dispatcher: {
      id: 'disp-1',
      name: 'Marta Díaz',
      email: 'marta@example.test',
      scope: { accounts: [], brands: [], branches: ['PR'] },
      driverBranches: ['PR'],
    },
    ...overrides,
  };
}

export function keepSession(session: DispatcherSession = dispatcherSession()): void {
  localStorage.setItem(DISPATCHER_SESSION_KEY, JSON.stringify(session));
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status: number; body: unknown };

/** Stubs fetch: `answers` by "METHOD /path" under /common/api/v1/dispatcher; others are 404. */
export function fakeDispatcherApi(answers: Record<string, Answer>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace('/common/api/v1/dispatcher', '');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({
        method,
        path,
        body,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
      });
      const answer = answers[`${method} ${path}`] ?? {
        status: 404,
        body: { code: 'NOT_FOUND', message: `No route ${path}` },
      };
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return requests;
}
