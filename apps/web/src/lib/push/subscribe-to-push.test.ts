import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  base64UrlToBytes,
  SERVICE_WORKER_WAIT_MS,
  subscribeToPush,
  type PushEnvironment,
} from './subscribe-to-push.ts';

// Decision 452: the PWA subscribes with the server's VAPID key and sends PushSubscription.toJSON().
// The browser's ServiceWorkerContainer and PushManager are described by small stand-ins.

const VAPID_KEY = `B${'Ab-_'.repeat(21)}Ab`;
const OTHER_KEY = `B${'Zz09'.repeat(21)}Zz`;
const P256DH = `B${'q'.repeat(86)}`;
const AUTH = 'a'.repeat(22);

function browserSubscription(endpoint: string, key: string) {
  const subscription = {
    options: { applicationServerKey: base64UrlToBytes(key).buffer },
    unsubscribe: vi.fn(() => Promise.resolve(true)),
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
  };
  return subscription;
}

function browser(existing: ReturnType<typeof browserSubscription> | null = null) {
  const subscribe = vi.fn((_options: PushSubscriptionOptionsInit) =>
    Promise.resolve(browserSubscription('https://push.example.com/new', VAPID_KEY)),
  );
  const pushManager = { getSubscription: () => Promise.resolve(existing), subscribe };
  const environment = {
    serviceWorker: { ready: Promise.resolve({ pushManager }) },
    hasPushManager: true,
  } as unknown as PushEnvironment;
  return { environment, subscribe };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('base64UrlToBytes', () => {
  it('decodes unpadded base64url', () => {
    expect([...base64UrlToBytes('AP_-AQ')]).toEqual([0x00, 0xff, 0xfe, 0x01]);
    expect(base64UrlToBytes(VAPID_KEY)).toHaveLength(65);
  });
});

describe('subscribeToPush', () => {
  it("subscribes user-visible with the server's key and answers the subscription JSON", async () => {
    const { environment, subscribe } = browser();
    const subscription = await subscribeToPush(VAPID_KEY, environment);
    expect(subscription).toEqual({
      endpoint: 'https://push.example.com/new',
      keys: { p256dh: P256DH, auth: AUTH },
    });
    expect(subscribe).toHaveBeenCalledTimes(1);
    const options = subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect(options?.applicationServerKey).toEqual(base64UrlToBytes(VAPID_KEY));
  });

  it('reuses a subscription made with the same key; replaces one made with another', async () => {
    const same = browserSubscription('https://push.example.com/kept', VAPID_KEY);
    const kept = browser(same);
    expect((await subscribeToPush(VAPID_KEY, kept.environment))?.endpoint).toBe(
      'https://push.example.com/kept',
    );
    expect(kept.subscribe).not.toHaveBeenCalled();

    const stale = browserSubscription('https://push.example.com/old', OTHER_KEY);
    const replaced = browser(stale);
    expect((await subscribeToPush(VAPID_KEY, replaced.environment))?.endpoint).toBe(
      'https://push.example.com/new',
    );
    expect(stale.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('answers undefined without a key, a service worker or the Push API', async () => {
    const { environment, subscribe } = browser();
    expect(await subscribeToPush(undefined, environment)).toBeUndefined();
    expect(
      await subscribeToPush(VAPID_KEY, { ...environment, serviceWorker: undefined }),
    ).toBeUndefined();
    expect(
      await subscribeToPush(VAPID_KEY, { ...environment, hasPushManager: false }),
    ).toBeUndefined();
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('gives up when no service worker becomes active in time (development builds)', async () => {
    vi.useFakeTimers();
    const never = {
      serviceWorker: { ready: new Promise<never>(() => undefined) },
      hasPushManager: true,
    } as unknown as PushEnvironment;
    const pending = subscribeToPush(VAPID_KEY, never);
    await vi.advanceTimersByTimeAsync(SERVICE_WORKER_WAIT_MS);
    expect(await pending).toBeUndefined();
  });

  it('answers undefined when the browser refuses (permission denied)', async () => {
    const { environment, subscribe } = browser();
    subscribe.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await subscribeToPush(VAPID_KEY, environment)).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});
