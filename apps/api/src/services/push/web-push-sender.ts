import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type * as WebPush from 'web-push';
import { onFirstUse } from '../../lib/on-first-use.ts';
import type { ResolvedAddress } from '../../lib/public-address.ts';
import {
  checkPushEndpoint,
  PushEndpointRefused,
  type PushEndpointPolicy,
} from './subscription-checks.ts';
import type { VapidKeys } from './vapid-keys.ts';

// ARCHITECTURE decision 7 "push: Web Push with VAPID". The `web-push` package builds the request
// (RFC 8291 aes128gcm encryption of the payload, RFC 8292 VAPID `Authorization`, RFC 8030 TTL,
// Urgency and Topic); this module sends it with a timeout, never follows a redirect, and reaches a
// local push service over http only by explicit test configuration (decision 451). Before each
// send the endpoint is checked again and the connection is pinned to the address that passed
// (decision 503): a name that resolves elsewhere by now (DNS rebinding) reaches nothing.

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
  /** Which endpoints may be contacted, and how their names are resolved (decision 503). */
  endpoints: PushEndpointPolicy;
}

/** RFC 7231 Retry-After in seconds (delta-seconds or an HTTP date); null when absent or unreadable. */
function retryAfterSeconds(header: string | null, now: number): number | null {
  if (header === null) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function classify(status: number, headers: IncomingHttpHeaders): PushDelivery {
  if (status >= 200 && status < 300) return { outcome: 'delivered', status };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  if (status === 429 || status >= 500) {
    const retryAfter = headers['retry-after'];
    return {
      outcome: 'retryable',
      status,
      retryAfterSeconds: retryAfterSeconds(retryAfter ?? null, Date.now()),
      detail: `push service answered ${status}`,
    };
  }
  // A redirect too: it is not followed, and the same request would be redirected again.
  return { outcome: 'rejected', status, detail: `push service answered ${status}` };
}

/** A lookup that answers the address already checked, whatever name the socket asks for. */
function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

interface PushRequest {
  method: string;
  headers: OutgoingHttpHeaders;
  body: Buffer | null;
}

/** POSTs to `url`, connected to `address`; resolves with the answer's status and headers. */
function post(
  url: URL,
  address: ResolvedAddress,
  { method, headers, body }: PushRequest,
  timeoutMs: number,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    // A fresh connection per message (no pooled socket opened for another check).
    const request = send(url, { method, headers, agent: false, lookup: pinnedLookup(address) });
    const timer = setTimeout(() => {
      request.destroy(new Error(`push service did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    request.once('response', (response) => {
      clearTimeout(timer);
      // Only the status and headers matter: the body is drained, and a reset after them is no
      // failure of the send.
      response.on('error', () => {});
      response.resume();
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body ?? undefined);
  });
}

/** web-push, loaded for the first notification sent rather than at start (a cold start is shorter). */
const loadWebPush = onFirstUse(
  async (): Promise<typeof WebPush> => (await import('web-push')).default,
);

export function createWebPushSender(options: WebPushSenderOptions): PushSender {
  return {
    async send({ target, payload, topic }) {
      let checked: Awaited<ReturnType<typeof checkPushEndpoint>>;
      try {
        checked = await checkPushEndpoint(target.endpoint, options.endpoints);
      } catch (error) {
        if (!(error instanceof PushEndpointRefused)) throw error;
        const detail = `endpoint refused: ${error.message}`;
        return error.retryable
          ? { outcome: 'retryable', status: null, retryAfterSeconds: null, detail }
          : { outcome: 'rejected', status: null, detail };
      }
      const webpush = await loadWebPush();
      let request: WebPush.RequestDetails;
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
      try {
        const answer = await post(
          checked.url,
          checked.address,
          {
            method: request.method,
            headers: request.headers,
            body: request.body ? Buffer.from(request.body) : null,
          },
          options.timeoutMs,
        );
        return classify(answer.status, answer.headers);
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
