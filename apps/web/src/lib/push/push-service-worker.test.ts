import { describe, expect, it, vi } from 'vitest';
import SOURCE from '../../../public/push-sw.js?raw';

// Decision 452: public/push-sw.js, imported by the generated service worker, shows the status
// notification on `push` and brings the PWA forward (or opens the tracking screen) on a click.
// The script runs here against a stand-in of the worker's global scope.

const ORIGIN = 'https://honda.auxilio.example';

type Listener = (event: Record<string, unknown>) => void;

function loadWorker(windows: { url: string; focus: () => Promise<unknown> }[] = []) {
  const listeners = new Map<string, Listener>();
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: {
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: vi.fn(() => Promise.resolve(null)),
    },
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the worker script, as served
  const run = new Function('self', SOURCE) as (self: unknown) => void;
  run(scope);
  async function dispatch(type: string, event: Record<string, unknown>) {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (work: Promise<unknown>) => pending.push(work) });
    await Promise.all(pending);
  }
  return { scope, dispatch };
}

const payload = {
  title: 'Su asistencia va en camino',
  body: 'Siga en el mapa por dónde viene.',
  url: '/tracking',
  serviceId: 'svc-12345678',
  statusNumber: 3,
  tag: 'service-svc-12345678',
};

function pushEvent(data: unknown) {
  return { data: { json: () => data } };
}

describe('push service worker', () => {
  it('shows the status notification, one per service (tag)', async () => {
    const { scope, dispatch } = loadWorker();
    await dispatch('push', pushEvent(payload));
    expect(scope.registration.showNotification).toHaveBeenCalledWith(payload.title, {
      body: payload.body,
      tag: payload.tag,
      renotify: true,
      data: { url: `${ORIGIN}/tracking`, serviceId: payload.serviceId },
    });
  });

  it('ignores a message without a readable payload', async () => {
    const { scope, dispatch } = loadWorker();
    await dispatch('push', { data: null });
    await dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not json');
        },
      },
    });
    expect(scope.registration.showNotification).not.toHaveBeenCalled();
  });

  it('a click focuses an open window of the PWA', async () => {
    const focus = vi.fn(() => Promise.resolve());
    const { scope, dispatch } = loadWorker([
      { url: 'https://elsewhere.example/', focus: vi.fn(() => Promise.resolve()) },
      { url: `${ORIGIN}/tracking/loading`, focus },
    ]);
    const close = vi.fn();
    await dispatch('notificationclick', {
      notification: { close, data: { url: `${ORIGIN}/tracking` } },
    });
    expect(close).toHaveBeenCalled();
    expect(focus).toHaveBeenCalledTimes(1);
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('a click opens the tracking screen when no window is open; never another origin', async () => {
    const { scope, dispatch } = loadWorker();
    await dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { url: 'https://evil.example/phish' } },
    });
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/tracking`);
  });
});
