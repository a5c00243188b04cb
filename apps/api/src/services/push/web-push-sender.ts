import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys.ts';

// ARCHITECTURE decision 7 "push: Web Push with VAPID". The `web-push` package builds the request
// (RFC 8291 aes128gcm encryption of the payload, RFC 8292 VAPID `Authorization`, RFC 8030 TTL,
// Urgency and Topic); this module sends it with fetch so that it has a timeout, never follows a
// redirect, and can reach a local push service over http in tests (decision 451).

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  target: PushTarget;
  /** Encrypted for the subscriber; at most about 3 KB of JSON (RFC 8291 record size). */
  payload: string;
  /** RFC 8030 Topic: a newer message with the same topic replaces an undelivered older one. */
  topic: string;
}

/** What the push service answered, as the caller must act on it. */
export type PushDelivery =
  | { outcome: 'delivered'; status: number }
  /** RFC 8030 section 7.3: 404 or 410, the subscription is gone for good. */
  | { outcome: 'gone'; status: number }
  /** 429 or 5xx, a network error or a timeout: worth one later attempt. */
  | {
      outcome: 'retryable';
      status: number | null;
      retryAfterSeconds: number | null;
      detail: string;
    }
  /** Any other answer (a 4xx about this request): retrying would fail the same way. */
  | { outcome: 'rejected'; status: number | null; detail: string };

export interface PushSender {
  send(message: PushMessage): Promise<PushDelivery>;
}

export interface WebPushSenderOptions {
  keys: VapidKeys;
  /** RFC 8292 `sub`: a mailto: or https: URL of whoever runs this server. */
  subject: string;
  timeoutMs: number;
  /** Seconds the push service keeps an undelivered message (RFC 8030 TTL). */
  ttlSeconds: number;
}

/** RFC 7231 Retry-After in seconds (delta-seconds or an HTTP date); null when absent or unreadable. */
function retryAfterSeconds(header: string | null, now: number): number | null {
  if (header === null) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function classify(response: Response): PushDelivery {
  const { status } = response;
  if (status >= 200 && status < 300) return { outcome: 'delivered', status };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  if (status === 429 || status >= 500) {
    return {
      outcome: 'retryable',
      status,
      retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after'), Date.now()),
      detail: `push service answered ${status}`,
    };
  }
  return { outcome: 'rejected', status, detail: `push service answered ${status}` };
}

export function createWebPushSender(options: WebPushSenderOptions): PushSender {
  return {
    async send({ target, payload, topic }) {
      let request: webpush.RequestDetails;
      try {
        request = webpush.generateRequestDetails(target, payload, {
          vapidDetails: {
            subject: options.subject,
            publicKey: options.keys.publicKey,
            privateKey: options.keys.privateKey,
          },
          TTL: options.ttlSeconds,
          urgency: 'high',
          topic,
          contentEncoding: 'aes128gcm',
        });
      } catch (error) {
        // Keys that do not make a valid P-256 point, for instance: no request is possible.
        return { outcome: 'rejected', status: null, detail: (error as Error).message };
      }
      // fetch computes Content-Length from the body itself.
      const { 'Content-Length': _length, ...headers } = request.headers as Record<string, string>;
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers,
          // A Uint8Array is a body in both the Node and the DOM typings of fetch.
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        await response.body?.cancel();
        return classify(response);
      } catch (error) {
        return {
          outcome: 'retryable',
          status: null,
          retryAfterSeconds: null,
          detail: (error as Error).message,
        };
      }
    },
  };
}
