import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { TrackingScreen } from './tracking-screen.tsx';
import { LoadingScreen } from './loading-screen.tsx';
import { FakeEventSource } from '../test/fake-event-source.ts';
import { SERVICE_ID, SERVICE_TOKEN, testService } from '../../../test/service-fixture.ts';
import { renderTracking } from '../test/tracking-harness.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const slots = {
  renderMap: () => <div>mapa</div>,
  renderContact: () => null,
  renderShare: () => null,
  renderFees: () => null,
};

describe('/tracking follows the service live', () => {
  it('opens the stream with the app key and the token, and a trip event changes the title at once', async () => {
    await renderTracking(<TrackingScreen {...slots} />, {
      path: '/tracking',
      service: testService(),
    });
    expect(
      await screen.findByRole('heading', { name: 'Luis Rivera estará con usted pronto' }),
    ).toBeInTheDocument();
    const source = FakeEventSource.latest();
    expect(source.url).toBe(
      `/common/api/v1/services/${SERVICE_ID}/events?key=public-app-key&token=${SERVICE_TOKEN}`,
    );
    act(() => {
      source.open();
      source.emit('trip', { status: 'ON_ROUTE', at: new Date().toISOString() }, '7');
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Su asistencia va en camino',
    );
    // Decision 645: Puerto Rico's time, named, on a phone whose clock reads UTC (vitest.config).
    expect(
      screen.getByText(/^Hora estimada: \d{1,2}:\d{2}(AM|PM) \(hora de Puerto Rico\)$/),
    ).toBeInTheDocument();
    act(() => {
      source.emit('trip', { status: 'ACCEPTED' }, '8');
    });
    // SPEC 4: a lower rank never replaces the current status.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Su asistencia va en camino',
    );
  });

  it('a Void status from the stream goes to /cancelled (SPEC 4)', async () => {
    const { history, server } = await renderTracking(<TrackingScreen {...slots} />, {
      path: '/tracking',
      service: testService(),
    });
    await screen.findByRole('heading', { level: 1 });
    server.setService(testService({ status: 'Void' }));
    act(() => {
      FakeEventSource.latest().open();
      FakeEventSource.latest().emit('status', { status: 'Void', statusNumber: 7 }, '9');
    });
    await waitFor(() => {
      expect(history.at(-1)).toBe('/cancelled');
    });
  });

  it('Finished with the survey answered goes to /finished (SPEC 4, decision 123)', async () => {
    const { history } = await renderTracking(<TrackingScreen {...slots} />, {
      path: '/tracking',
      service: testService({
        status: 'Finished',
        trip: { status: 'FINISHED', stamps: {}, simulatedEta: null },
        surveys: { answered: true },
      }),
    });
    await waitFor(() => {
      expect(history.at(-1)).toBe('/finished');
    });
  });

  it('a service put back in the queue returns to /tracking/loading', async () => {
    const { history } = await renderTracking(<TrackingScreen {...slots} />, {
      path: '/tracking',
      service: testService({
        status: 'Queued',
        trip: { status: 'NEW', stamps: {}, simulatedEta: null },
      }),
    });
    await waitFor(() => {
      expect(history.at(-1)).toBe('/tracking/loading');
    });
  });
});

describe('a phone whose token no longer opens the service', () => {
  it('says there is no service in progress and offers a new request', async () => {
    await renderTracking(<TrackingScreen {...slots} />, { path: '/tracking', service: null });
    expect(
      await screen.findByRole('heading', { name: 'No hay un servicio en curso' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar asistencia' })).toHaveAttribute(
      'href',
      '/services',
    );
  });
});

describe('/tracking/loading follows the service', () => {
  it('greets by first name and names the service', async () => {
    await renderTracking(<LoadingScreen />, {
      path: '/tracking/loading',
      service: testService({
        status: 'Queued',
        trip: { status: null, stamps: {}, simulatedEta: null },
        driver: null,
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Hola, Ana' })).toBeInTheDocument();
    expect(
      await screen.findByText('Nos estamos preparando para su cambio de goma'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DOCUMENTAR ACCIDENTE' })).toHaveAttribute(
      'href',
      '/tracking/coninspection',
    );
  });

  it.each([
    ['Void goes to /cancelled', testService({ status: 'Void' }), '/cancelled'],
    [
      'Finished goes to /survey',
      testService({
        status: 'Finished',
        trip: { status: 'FINISHED', stamps: {}, simulatedEta: null },
      }),
      '/survey',
    ],
    ['Accepted with a real driver goes to /tracking', testService(), '/tracking'],
  ])('SPEC 4: %s', async (_case, service, to) => {
    const { history } = await renderTracking(<LoadingScreen />, {
      path: '/tracking/loading',
      service,
    });
    await waitFor(() => {
      expect(history.at(-1)).toBe(to);
    });
  });

  it('SPEC 4: Accepted stays on loading while the situation needs an on-site inspection', async () => {
    const { history, server } = await renderTracking(<LoadingScreen />, {
      path: '/tracking/loading',
      service: testService({ situation: 'towCollision' }),
    });
    await screen.findByText('Nos estamos preparando para su remolque por choque');
    expect(server.serviceReads()).toBe(1);
    expect(history).toEqual(['/tracking/loading']);
  });
});
