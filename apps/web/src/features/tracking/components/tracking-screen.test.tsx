import { afterEach, describe, expect, it, vi } from 'vitest';
import { use } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { TrackingScreen } from './tracking-screen.tsx';
import { LoadingScreen } from './loading-screen.tsx';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
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

describe('/tracking shows the status first (decision 750)', () => {
  it('holds the place of the status, the driver and the map while the service loads', async () => {
    let answer: () => void = () => undefined;
    const serviceAnswer = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const renderMap = vi.fn(() => <div>mapa</div>);
    const { container } = await renderTracking(
      <TrackingScreen {...slots} renderMap={renderMap} />,
      {
        path: '/tracking',
        service: testService({ trip: { status: 'ON_ROUTE', stamps: {}, simulatedEta: 600 } }),
        serviceAnswer,
      },
    );
    // Screen readers hear that it loads; the eye sees blocks of the final layout, no loading line.
    expect(screen.getByRole('status')).toHaveTextContent('Cargando su servicio…');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('.tracking__status .skeleton--title')).not.toBeNull();
    expect(container.querySelector('.tracking__status .skeleton--eta')).not.toBeNull();
    expect(container.querySelectorAll('.driver-card .skeleton--action')).toHaveLength(2);
    expect(container.querySelector('.tracking-stage')).not.toBeNull();
    expect(renderMap).not.toHaveBeenCalled();

    act(() => {
      answer();
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Su asistencia va en camino' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
    expect(container.querySelector('.skeleton')).toBeNull();
  });

  it('starts the map only once the status is on screen', async () => {
    const titleShownWhenMapStarted: boolean[] = [];
    await renderTracking(
      <TrackingScreen
        {...slots}
        renderMap={() => {
          titleShownWhenMapStarted.push(
            document.querySelector('h1')?.textContent === 'Su asistencia va en camino',
          );
          return <div>mapa</div>;
        }}
      />,
      {
        path: '/tracking',
        service: testService({ trip: { status: 'ON_ROUTE', stamps: {}, simulatedEta: 600 } }),
      },
    );
    expect(await screen.findByText('mapa')).toBeInTheDocument();
    expect(titleShownWhenMapStarted.length).toBeGreaterThan(0);
    expect(titleShownWhenMapStarted.every(Boolean)).toBe(true);
  });

  it('shows the status while a control below it still waits for its texts', async () => {
    const never = new Promise<never>(() => undefined);
    function CancelWaitingForItsTexts() {
      // What a component does while its translation namespace loads: it suspends.
      use(never);
      return null;
    }
    await renderTracking(<TrackingScreen {...slots} cancelSlot={<CancelWaitingForItsTexts />} />, {
      path: '/tracking',
      service: testService({ trip: { status: 'ON_ROUTE', stamps: {}, simulatedEta: 600 } }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Su asistencia va en camino' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Su conductor' })).toBeInTheDocument();
  });

  it('puts the driver and their call and note actions before the map', async () => {
    await renderTracking(
      <TrackingScreen {...slots} renderContact={() => <a href="tel:+17875550123">Llamar</a>} />,
      { path: '/tracking', service: testService() },
    );
    const map = await screen.findByText('mapa');
    const driver = screen.getByRole('region', { name: 'Su conductor' });
    expect(driver).toHaveTextContent('Luis Rivera');
    expect(driver).toContainElement(screen.getByRole('link', { name: 'Llamar' }));
    expect(driver.compareDocumentPosition(map) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    ['ACCEPTED', 2],
    ['ON_ROUTE', 3],
    ['ARRIVED', 4],
    ['TOWED', 4],
  ] as const)(
    'SPEC 4 "Progress bar has 4 steps": trip %s fills %i segments',
    async (status, step) => {
      await renderTracking(<TrackingScreen {...slots} />, {
        path: '/tracking',
        service: testService({ trip: { status, stamps: {}, simulatedEta: 600 } }),
      });
      const bar = await screen.findByRole('progressbar', { name: 'Progreso del servicio' });
      expect(bar).toHaveAttribute('aria-valuenow', String(step));
      expect(bar.querySelectorAll('[data-state="reached"]')).toHaveLength(step);
    },
  );

  it('while Accepted, a reminder card covers the map without taking it down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const renderMap = vi.fn(() => <div>mapa</div>);
      await renderTracking(<TrackingScreen {...slots} renderMap={renderMap} />, {
        path: '/tracking',
        service: testService(),
      });
      expect(await screen.findByText('mapa')).toBeInTheDocument();
      expect(screen.getByText('mapa').closest('[inert]')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(8700);
      });
      expect(screen.getByText('Su opinión cuenta')).toBeInTheDocument();
      // Still built, out of reach of focus and screen readers under the card.
      expect(screen.getByText('mapa').closest('[inert]')).not.toBeNull();
      expect(renderMap).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
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
