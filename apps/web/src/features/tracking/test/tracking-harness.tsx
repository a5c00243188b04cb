import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { INITIAL_SESSION, type Service } from '@auxilio/domain';
import { useSessionStore } from '../../../stores/session-store.ts';
import { testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { SERVICE_ID, SERVICE_TOKEN } from '../../../test/service-fixture.ts';

/** Requests the fake server saw, as `METHOD path`. */
export interface FakeServer {
  calls: string[];
  /** JSON bodies sent, by `METHOD path`. */
  bodies: Map<string, unknown>;
  /** What GET /common/services/{id} answers from now on. */
  setService: (service: Service) => void;
  serviceReads: () => number;
}

/**
 * The real app pieces around a tracking screen: a session holding a service, a fake HTTP server at
 * the fetch boundary and a fake EventSource at the browser boundary, and a memory router.
 */
export async function renderTracking(
  ui: ReactNode,
  {
    path,
    service,
    serviceAnswer,
    queryClient,
  }: {
    path: string;
    service: Service | null;
    /** The service read answers once this settles (a slow network); at once without it. */
    serviceAnswer?: Promise<void>;
    /** The app's own query client, where a test depends on its freshness rules. */
    queryClient?: QueryClient;
  },
) {
  const server = fakeServer(service, serviceAnswer);
  FakeEventSource.instances = [];
  sessionStorage.clear();
  vi.stubGlobal('EventSource', FakeEventSource);
  useSessionStore.setState({
    session: { ...INITIAL_SESSION, serviceId: SERVICE_ID, token: SERVICE_TOKEN, brand: 'demo' },
  });
  const location = memoryLocation({ path, record: true });
  const view = renderWithProviders(<Router hook={location.hook}>{ui}</Router>, {
    config: testConfig(),
    i18n: await createTestI18n('es'),
    queryClient,
  });
  return { ...view, server, history: location.history };
}

/** `null`: the token does not open the service (403, decision 201). */
function fakeServer(initial: Service | null, serviceAnswer?: Promise<void>): FakeServer {
  let service = initial;
  const calls: string[] = [];
  const bodies = new Map<string, unknown>();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      calls.push(call);
      if (typeof init?.body === 'string') bodies.set(call, JSON.parse(init.body));
      if (url.pathname === `/common/services/${SERVICE_ID}`) {
        return (serviceAnswer ?? Promise.resolve()).then(() =>
          service
            ? json(200, service)
            : json(403, { code: 'FORBIDDEN', message: 'This token does not open that service' }),
        );
      }
      if (url.pathname === '/common/maps/directions/getAddress') {
        return Promise.resolve(
          json(200, { data: { address: 'Calle Sol 9, San Juan', placeId: 'sol-9' } }),
        );
      }
      if (call === `PATCH /common/api/v1/services/${SERVICE_ID}/locations`) {
        return Promise.resolve(json(200, service));
      }
      return Promise.resolve(json(404, { code: 'NOT_FOUND', message: 'Not found' }));
    }),
  );
  return {
    calls,
    bodies,
    setService: (next) => {
      service = next;
    },
    serviceReads: () =>
      calls.filter((call) => call === `GET /common/services/${SERVICE_ID}`).length,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
