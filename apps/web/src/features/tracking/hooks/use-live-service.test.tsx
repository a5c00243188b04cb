import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client.ts';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { testService } from '../../../test/service-fixture.ts';
import { renderTracking } from '../test/tracking-harness.tsx';
import { useLiveService } from './use-live-service.ts';
import { STREAM_RETRY_MIN_MS } from './use-service-events.ts';

afterEach(() => {
  onlineManager.setOnline(true);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A short poll so the test sees several periods; the screens pass SPEC 4's 18 s and 17.4 s. */
const POLL_MS = 40;

function LiveProbe() {
  const live = useLiveService(POLL_MS);
  return (
    <p>
      {live.stream} {live.data?.trip.status ?? 'none'}
    </p>
  );
}

const sleep = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

describe('live service: the stream first, polling while it is down', () => {
  it('does not poll while the stream is open', async () => {
    const { server } = await renderTracking(<LiveProbe />, {
      path: '/tracking',
      service: testService(),
    });
    await screen.findByText('down ACCEPTED');
    act(() => {
      FakeEventSource.latest().open();
    });
    await screen.findByText('open ACCEPTED');
    const reads = server.serviceReads();
    await sleep(POLL_MS * 5);
    expect(server.serviceReads()).toBe(reads);
  });

  it('polls when the stream errors, and stops again when it reopens', async () => {
    const { server } = await renderTracking(<LiveProbe />, {
      path: '/tracking',
      service: testService(),
    });
    act(() => {
      FakeEventSource.latest().open();
    });
    await screen.findByText('open ACCEPTED');
    server.setService(
      testService({ trip: { status: 'ON_ROUTE', stamps: {}, simulatedEta: null } }),
    );
    act(() => {
      FakeEventSource.latest().fail(false);
    });
    // The poll brings what the stream missed.
    await screen.findByText('down ON_ROUTE');
    await waitFor(() => {
      expect(server.serviceReads()).toBeGreaterThanOrEqual(3);
    });
    act(() => {
      FakeEventSource.latest().open();
    });
    await screen.findByText('open ON_ROUTE');
    const reads = server.serviceReads();
    await sleep(POLL_MS * 5);
    expect(server.serviceReads()).toBe(reads);
  });

  it('reopens a stream the browser closed, after a back-off, resuming after the last event', async () => {
    await renderTracking(<LiveProbe />, { path: '/tracking', service: testService() });
    await screen.findByText('down ACCEPTED');
    vi.useFakeTimers();
    const first = FakeEventSource.latest();
    act(() => {
      first.open();
      first.emit('trip', { status: 'ON_ROUTE' }, '12');
      first.fail(true);
    });
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(STREAM_RETRY_MIN_MS);
    });
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest().url).toContain('lastEventId=12');
  });

  it('reopens a stream the browser still calls open when the connection comes back', async () => {
    await renderTracking(<LiveProbe />, { path: '/tracking', service: testService() });
    await screen.findByText('down ACCEPTED');
    const first = FakeEventSource.latest();
    act(() => {
      first.open();
      first.emit('trip', { status: 'ON_ROUTE' }, '12');
    });
    await screen.findByText('open ON_ROUTE');
    // The cut leaves the connection silently dead: the browser reports no error.
    act(() => {
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
    });
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest().url).toContain('lastEventId=12');
    // Polling covers the gap until the new stream opens.
    await screen.findByText('down ON_ROUTE');
  });

  it('reads the service again when the connection comes back, without waiting for the poll', async () => {
    function SlowPollProbe() {
      const live = useLiveService(60_000);
      return (
        <p>
          {live.stream} {live.data?.trip.status ?? 'none'}
        </p>
      );
    }
    // The app's query client: a service read a moment ago is fresh, so reconnecting alone would
    // not read it again.
    const { server } = await renderTracking(<SlowPollProbe />, {
      path: '/tracking',
      service: testService(),
      queryClient: createQueryClient(),
    });
    act(() => {
      FakeEventSource.latest().open();
    });
    await screen.findByText('open ACCEPTED');
    // The driver sets off during the cut; the new stream stays silent.
    server.setService(
      testService({ trip: { status: 'ON_ROUTE', stamps: {}, simulatedEta: null } }),
    );
    const reads = server.serviceReads();
    act(() => {
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
    });
    await screen.findByText('down ON_ROUTE');
    expect(server.serviceReads()).toBe(reads + 1);
  });

  it('reopens a closed stream at once when the connection comes back, backoff started over', async () => {
    await renderTracking(<LiveProbe />, { path: '/tracking', service: testService() });
    await screen.findByText('down ACCEPTED');
    vi.useFakeTimers();
    act(() => {
      onlineManager.setOnline(false);
      // Three refusals in a row: the next try would wait 24 s.
      for (let failure = 0; failure < 3; failure += 1) {
        FakeEventSource.latest().fail(true);
        vi.advanceTimersByTime(STREAM_RETRY_MIN_MS * 2 ** failure);
      }
      FakeEventSource.latest().fail(true);
    });
    expect(FakeEventSource.instances).toHaveLength(4);
    act(() => {
      onlineManager.setOnline(true);
    });
    expect(FakeEventSource.instances).toHaveLength(5);
    // Failing again waits the shortest backoff, not the long one.
    act(() => {
      FakeEventSource.latest().fail(true);
      vi.advanceTimersByTime(STREAM_RETRY_MIN_MS);
    });
    expect(FakeEventSource.instances).toHaveLength(6);
  });
});
