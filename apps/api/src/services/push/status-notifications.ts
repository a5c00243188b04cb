import { createHash } from 'node:crypto';
import { statusKeyOfNumber, type PushNotificationPayload } from '@auxilio/domain';
import type {
  PushSubscriptionsRepository,
  StoredPushSubscription,
} from '../../repositories/push-subscriptions.ts';
import type { CommittedServiceChange } from '../../repositories/services.ts';
import { notificationText } from './notification-text.ts';
import type { PushDelivery, PushSender } from './web-push-sender.ts';

// Decision 451: each change of the status the customer sees (the numbered status and the trip
// status, SPEC 4) sends one Web Push notification to every subscription of the service. Sending
// happens after the commit, off the request path, in the process that wrote the change: with several
// API processes each change is written (and so notified) by exactly one of them.

/** Event types that change what the tracking screen says (decisions 203, 220). */
const STATUS_EVENT_TYPES = new Set(['status', 'trip']);

/** The screen the notification opens, on the origin whose service worker subscribed. */
export const TRACKING_PATH = '/tracking';

/** A status notification older than this says nothing useful any more (RFC 8030 TTL). */
export const STATUS_NOTIFICATION_TTL_SECONDS = 15 * 60;

/** One more attempt after a 429, a 5xx or a network error; never more (no endless retries). */
const MAX_ATTEMPTS = 2;
const DEFAULT_RETRY_DELAY_MS = 1000;
const MAX_RETRY_DELAY_MS = 60_000;

export interface PushLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface StatusNotifier {
  /**
   * A listener of the service write path: told of every committed change, sends in the background
   * when the change moved the status.
   */
  notify: (change: CommittedServiceChange) => void;
  /** Resolves when every notification started so far is delivered or given up (tests, shutdown). */
  idle: () => Promise<void>;
  /** Drops pending retries and waits for the sends in flight. */
  close: () => Promise<void>;
}

/** RFC 8030 Topic (at most 32 base64url characters): one per service, so newer replaces older. */
export function topicOfService(serviceId: string): string {
  return createHash('sha256').update(serviceId).digest('base64url').slice(0, 32);
}

/** The notification of the service's current status, or undefined when the change is not one. */
export function statusNotificationOf(
  change: CommittedServiceChange,
  language: string,
): PushNotificationPayload | undefined {
  if (!change.events.some((event) => STATUS_EVENT_TYPES.has(event.type))) return undefined;
  const { service } = change;
  const status = statusKeyOfNumber(service.statusNumber);
  if (!status) return undefined;
  return {
    ...notificationText(status, language, service.providerName),
    url: TRACKING_PATH,
    serviceId: service.id,
    statusNumber: service.statusNumber,
    tag: `service-${service.id}`,
  };
}

function delayOf(delivery: Extract<PushDelivery, { outcome: 'retryable' }>): number {
  if (delivery.retryAfterSeconds === null) return DEFAULT_RETRY_DELAY_MS;
  return Math.min(delivery.retryAfterSeconds * 1000, MAX_RETRY_DELAY_MS);
}

export function createStatusNotifier(options: {
  subscriptions: PushSubscriptionsRepository;
  sender: PushSender;
  log: PushLog;
}): StatusNotifier {
  const { subscriptions, sender, log } = options;
  const inFlight = new Set<Promise<void>>();
  const retries = new Set<{ timer: NodeJS.Timeout; done: () => void }>();
  let closed = false;

  function track(work: Promise<void>): void {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  function waitBeforeRetry(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          retries.delete(entry);
          resolve(true);
        }, ms),
        done: () => {
          resolve(false);
        },
      };
      entry.timer.unref();
      retries.add(entry);
    });
  }

  async function deliver(
    subscription: StoredPushSubscription,
    payload: PushNotificationPayload,
  ): Promise<void> {
    const context = { serviceId: subscription.serviceId, subscriptionId: subscription.id };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const delivery = await sender.send({
        target: { endpoint: subscription.endpoint, keys: subscription.keys },
        payload: JSON.stringify(payload),
        topic: topicOfService(subscription.serviceId),
      });
      switch (delivery.outcome) {
        case 'delivered':
          return;
        case 'gone':
          // RFC 8030 7.3: the user agent unsubscribed or the subscription expired.
          await subscriptions.deleteById(subscription.id);
          log.info({ ...context, status: delivery.status }, 'push subscription gone: deleted');
          return;
        case 'rejected':
          log.warn({ ...context, ...delivery }, 'push notification rejected');
          return;
        case 'retryable':
          if (attempt === MAX_ATTEMPTS || closed) {
            log.warn({ ...context, ...delivery, attempt }, 'push notification given up');
            return;
          }
          log.warn({ ...context, ...delivery, attempt }, 'push notification failed: one retry');
          if (!(await waitBeforeRetry(delayOf(delivery)))) return;
      }
    }
  }

  async function send(change: CommittedServiceChange): Promise<void> {
    const targets = await subscriptions.listByService(change.service.id);
    await Promise.all(
      targets.map(async (subscription) => {
        const payload = statusNotificationOf(change, subscription.language);
        if (payload) await deliver(subscription, payload);
      }),
    );
  }

  return {
    notify(change) {
      if (closed || !statusNotificationOf(change, 'es')) return;
      // Started on the next turn of the event loop: the driver's answer does not wait for it.
      track(
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => send(change))
          .catch((error: unknown) => {
            log.warn({ err: error, serviceId: change.service.id }, 'push notification failed');
          }),
      );
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      closed = true;
      for (const entry of retries) {
        clearTimeout(entry.timer);
        entry.done();
      }
      retries.clear();
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
