import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the Stripe API (decision 430): it speaks Stripe's REST format (form-encoded
// bodies with bracketed keys, `Authorization: Bearer sk_...`, `Idempotency-Key`, amounts in minor
// units, `{ error: { type, code, decline_code, message } }`) and records every request it gets.

export interface RecordedStripeRequest {
  method: string;
  /** Path with its query, e.g. /v1/payment_intents/pi_1?expand[0]=latest_charge (decoded). */
  url: string;
  headers: IncomingMessage['headers'];
  /** The form body as flat key/value pairs, e.g. `metadata[serviceId]`. */
  form: Record<string, string>;
}

/** A scripted answer for the next request: a status with JSON or raw text, or a long silence. */
export interface ScriptedAnswer {
  status?: number;
  json?: unknown;
  raw?: string;
  delayMs?: number;
}

export interface StripeFixture {
  /** e.g. http://127.0.0.1:54321, for STRIPE_API_BASE. */
  url: string;
  requests: RecordedStripeRequest[];
  /** The PaymentIntents created so far, by id: tests move them along (confirm, decline). */
  intents: Map<string, Record<string, unknown>>;
  /** Answers the next request with this instead of the simulated Stripe. */
  answerNext(answer: ScriptedAnswer): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => {
      resolve(text);
    });
    request.on('error', reject);
  });
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export function stripeError(
  status: number,
  error: { type: string; code?: string; decline_code?: string; message: string },
): ScriptedAnswer {
  return { status, json: { error } };
}

export async function startStripeFixture(): Promise<StripeFixture> {
  const requests: RecordedStripeRequest[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, unknown>();
  const scripted: ScriptedAnswer[] = [];

  /** Stripe's answers to the calls the adapter makes. */
  function simulate(method: string, path: string, form: Record<string, string>, key?: string) {
    if (key && byIdempotencyKey.has(key)) return { status: 200, json: byIdempotencyKey.get(key) };
    let json: unknown;
    if (method === 'POST' && path === '/v1/customers') {
      json = { id: id('cus'), object: 'customer', email: form.email ?? null };
    } else if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      const intent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(6).toString('hex')}`,
        customer: form.customer ?? null,
        payment_method: null,
        receipt_email: form.receipt_email ?? null,
        latest_charge: null,
        last_payment_error: null,
        metadata: {
          serviceId: form['metadata[serviceId]'],
          purpose: form['metadata[purpose]'],
        },
      };
      intents.set(intentId, intent);
      json = intent;
    } else if (method === 'GET' && path.startsWith('/v1/payment_intents/')) {
      const intent = intents.get(path.slice('/v1/payment_intents/'.length));
      if (!intent) {
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such payment_intent',
        });
      }
      json = intent;
    } else {
      return stripeError(404, {
        type: 'invalid_request_error',
        message: 'Unrecognized request URL',
      });
    }
    if (key) byIdempotencyKey.set(key, json);
    return { status: 200, json };
  }

  const server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      const url = decodeURIComponent(request.url ?? '/');
      const form = Object.fromEntries(new URLSearchParams(text));
      requests.push({ method: request.method ?? 'GET', url, headers: request.headers, form });
      const answer =
        scripted.shift() ??
        simulate(
          request.method ?? 'GET',
          url.split('?')[0] ?? '',
          form,
          request.headers['idempotency-key'] as string | undefined,
        );
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (response.destroyed) return;
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      response.end(answer.raw ?? JSON.stringify(answer.json ?? {}));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    answerNext: (answer) => {
      scripted.push(answer);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** What Stripe holds once Elements confirmed the PaymentIntent with a card. */
export function markIntentPaid(
  fixture: StripeFixture,
  intentId: string,
  status: 'succeeded' | 'requires_capture' = 'succeeded',
): Record<string, unknown> {
  const intent = fixture.intents.get(intentId);
  if (!intent) throw new Error(`no intent ${intentId}`);
  Object.assign(intent, {
    status,
    payment_method: 'pm_fixture_card',
    latest_charge: {
      id: `ch_${intentId.slice(3)}`,
      object: 'charge',
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    },
  });
  return intent;
}

/** What Stripe holds after Elements tried a card that the bank declined. */
export function markIntentDeclined(fixture: StripeFixture, intentId: string, declineCode: string) {
  const intent = fixture.intents.get(intentId);
  if (!intent) throw new Error(`no intent ${intentId}`);
  Object.assign(intent, {
    status: 'requires_payment_method',
    last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: declineCode },
  });
}
