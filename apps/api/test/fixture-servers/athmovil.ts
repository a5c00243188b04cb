import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for ATH Móvil's e-commerce payment API (decision 433): JSON bodies, the public
// token in the body, the per-payment auth_token as `Authorization: Bearer` for findPayment and
// authorization, the private token for refunds, dollars with two decimals, and answers
// `{ status: 'success', data }` or `{ status: 'error', message, errorcode, data: null }`.

const BASE = '/api/business-transaction/ecommerce';

export interface RecordedAthRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface AthScriptedAnswer {
  status?: number;
  json?: unknown;
  raw?: string;
  delayMs?: number;
}

interface FixturePayment {
  authToken: string;
  ecommerceStatus: 'OPEN' | 'CONFIRM' | 'COMPLETED' | 'CANCEL';
  referenceNumber: string;
  total: number;
  subTotal: number;
  tax: number;
  metadata1: string;
  metadata2: string;
}

export interface AthMovilFixture {
  url: string;
  requests: RecordedAthRequest[];
  payments: Map<string, FixturePayment>;
  answerNext(answer: AthScriptedAnswer): void;
  close(): Promise<void>;
}

export const athError = (errorcode: string, message: string, status = 200): AthScriptedAnswer => ({
  status,
  json: { status: 'error', message, errorcode, data: null },
});

export async function startAthMovilFixture(tokens: {
  publicToken: string;
  privateToken: string;
}): Promise<AthMovilFixture> {
  const requests: RecordedAthRequest[] = [];
  const payments = new Map<string, FixturePayment>();
  const scripted: AthScriptedAnswer[] = [];

  const ok = (data: unknown): AthScriptedAnswer => ({ json: { status: 'success', data } });
  const view = (ecommerceId: string, payment: FixturePayment) => ({
    ecommerceStatus: payment.ecommerceStatus,
    ecommerceId,
    referenceNumber: payment.referenceNumber,
    businessName: 'Auxilio fixture',
    subTotal: payment.subTotal,
    tax: payment.tax,
    total: payment.total,
    fee: 0,
    netAmount: payment.total,
    totalRefundedAmount: 0,
    metadata1: payment.metadata1,
    metadata2: payment.metadata2,
    items: [],
    isNonProfit: false,
  });

  function simulate(path: string, body: Record<string, unknown>, bearer: string | undefined) {
    if (path === `${BASE}/payment`) {
      if (body.publicToken !== tokens.publicToken) return athError('BTRA_0017', 'Invalid token');
      const ecommerceId = randomUUID();
      const authToken = `eyJ.${randomBytes(12).toString('base64url')}`;
      payments.set(ecommerceId, {
        authToken,
        ecommerceStatus: 'OPEN',
        referenceNumber: '',
        total: Number(body.total),
        subTotal: Number(body.subtotal),
        tax: Number(body.tax),
        metadata1: String(body.metadata1),
        metadata2: String(body.metadata2),
      });
      return ok({ ecommerceId, auth_token: authToken });
    }
    const payment = payments.get(String(body.ecommerceId));
    if (path === `${BASE}/business/findPayment` || path === `${BASE}/authorization`) {
      if (!bearer) return athError('token.invalid.header', 'No authorization header present.', 401);
      if (!payment) return athError('BTRA_0031', 'EcommerceId does not exist');
      if (bearer !== payment.authToken) return athError('BTRA_0401', 'Invalid token', 401);
      if (path.endsWith('/authorization')) {
        if (payment.ecommerceStatus !== 'CONFIRM') {
          return athError('BTRA_0032', 'The status of the e-commerce is not confirm');
        }
        payment.ecommerceStatus = 'COMPLETED';
        payment.referenceNumber = `215070443-${randomBytes(8).toString('hex')}`;
      }
      return ok(view(String(body.ecommerceId), payment));
    }
    if (path === `${BASE}/refund`) {
      if (body.privateToken !== tokens.privateToken) return athError('BTRA_0017', 'Invalid token');
      return ok({
        refund: {
          transactionType: 'REFUND',
          status: 'COMPLETED',
          refundedAmount: Number(body.amount),
          referenceNumber: randomBytes(8).toString('hex'),
        },
      });
    }
    return { status: 404, json: { status: 'error', message: 'Not found', errorcode: null } };
  }

  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => {
      void (async () => {
        const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
        const path = request.url ?? '/';
        requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
        const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        const answer = scripted.shift() ?? simulate(path, body, bearer);
        if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
        if (response.destroyed) return;
        response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        response.end(answer.raw ?? JSON.stringify(answer.json ?? {}));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    payments,
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

/** What ATH Móvil holds once the customer approved the payment in the app. */
export function confirmInApp(fixture: AthMovilFixture, ecommerceId: string): void {
  const payment = fixture.payments.get(ecommerceId);
  if (!payment) throw new Error(`no payment ${ecommerceId}`);
  payment.ecommerceStatus = 'CONFIRM';
}
