import { PushSubscriptionSchema, TIMEOUT_MS, type PushSubscriptionInput } from '@auxilio/domain';

// ARCHITECTURE decision 7 "push: Web Push with VAPID" (decisions 450, 452): after the customer
// allowed notifications, the PWA subscribes its service worker's push manager with the server's
// VAPID public key and sends the subscription with the pushOptIn call.

/**
 * How long to wait for an active service worker (none in development builds: it never comes); the
 * app's SPEC 9 "timeout constant 5000", in milliseconds.
 */
export const SERVICE_WORKER_WAIT_MS = TIMEOUT_MS;

/** The bytes of a base64url string (the form of the VAPID public key in /app-config.json). */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current || current.byteLength !== wanted.byteLength) return false;
  const bytes = new Uint8Array(current);
  return bytes.every((byte, index) => byte === wanted[index]);
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      resolve(undefined);
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface PushEnvironment {
  serviceWorker: ServiceWorkerContainer | undefined;
  /** Whether the browser has the Push API (`'PushManager' in window`). */
  hasPushManager: boolean;
}

/** What this browser offers (a function so tests can describe another browser). */
export function browserPushEnvironment(): PushEnvironment {
  return {
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
  };
}

/**
 * Subscribes this browser to push messages signed with `vapidPublicKey` and answers the
 * subscription as the pushOptIn call sends it. An existing subscription with the same key is
 * reused; one made with another key (the server's keys changed) is replaced. Undefined when the
 * browser cannot (no service worker or Push API, no key, none active in time) or refuses: the
 * opt-in is then recorded without a subscription, as before.
 */
export async function subscribeToPush(
  vapidPublicKey: string | undefined,
  environment: PushEnvironment = browserPushEnvironment(),
): Promise<PushSubscriptionInput | undefined> {
  const { serviceWorker, hasPushManager } = environment;
  if (!vapidPublicKey || !serviceWorker || !hasPushManager) return undefined;
  try {
    const registration = await within(serviceWorker.ready, SERVICE_WORKER_WAIT_MS);
    if (!registration) return undefined;
    const applicationServerKey = base64UrlToBytes(vapidPublicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey,
    });
    return PushSubscriptionSchema.safeParse(subscription.toJSON()).data;
  } catch (error) {
    // SPEC 8 style: a browser that refuses push keeps the opt-in without it; logged only.
    console.warn('[push] subscription failed', error);
    return undefined;
  }
}
