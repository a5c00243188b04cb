import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.ts';
import { createAthMovilGateway } from '../src/services/payments/athmovil-gateway.ts';
import { createMobilePaymentGateway } from '../src/services/payments/mobile-gateways.ts';
import type { MobilePaymentRequest } from '../src/services/payments/mobile-gateway.ts';
import { SANDBOX_MOBILE_CANCEL_PHONE } from '../src/services/payments/sandbox-mobile-gateway.ts';
import {
  athError,
  confirmInApp,
  startAthMovilFixture,
  type AthMovilFixture,
} from './fixture-servers/athmovil.ts';

// The mobile payment adapters of ARCHITECTURE 7 (decision 433): ATH Móvil against a local server
// that speaks its e-commerce API, and the embedded sandbox.

const PUBLIC_TOKEN = 'a66ce73d04f2087615f6320b724defc5b4eedc55';
const PRIVATE_TOKEN = 'private-token-never-logged-42';

let ath: AthMovilFixture;
const logged: unknown[] = [];
const log = { warn: (...args: unknown[]) => void logged.push(args) };

beforeAll(async () => {
  ath = await startAthMovilFixture({ publicToken: PUBLIC_TOKEN, privateToken: PRIVATE_TOKEN });
});
afterAll(async () => {
  await ath.close();
});
beforeEach(() => {
  ath.requests.length = 0;
  logged.length = 0;
});

function gateway(timeoutMs = 2000) {
  return createAthMovilGateway({
    publicToken: PUBLIC_TOKEN,
    privateToken: PRIVATE_TOKEN,
    apiBase: ath.url,
    timeoutMs,
    log,
  });
}

const request: MobilePaymentRequest = {
  subtotalCents: 4000,
  taxCents: 460,
  serviceId: '6f1c2a57-8a3e-4d0b-9a51-2f9e6c1d7b44',
  purpose: 'service',
  phoneNumber: '7875550100',
  timeoutSeconds: 600,
};

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('ATH Móvil gateway', () => {
  it('creates, finds, completes and refunds a payment in ATH Móvil format', async () => {
    const ticket = await gateway().createPayment(request);
    const [create] = ath.requests;
    expect(create).toMatchObject({
      method: 'POST',
      path: '/api/business-transaction/ecommerce/payment',
    });
    expect(create?.headers['content-type']).toBe('application/json');
    expect(create?.headers.authorization).toBeUndefined();
    expect(create?.body).toMatchObject({
      publicToken: PUBLIC_TOKEN,
      timeout: 600,
      total: 44.6,
      subtotal: 40,
      tax: 4.6,
      metadata1: request.serviceId,
      metadata2: 'service',
      phoneNumber: '7875550100',
    });
    expect(create?.body).not.toHaveProperty('privateToken');

    expect(await gateway().findPayment(ticket)).toEqual({
      status: 'open',
      referenceNumber: null,
      totalCents: 4460,
    });
    const find = ath.requests[1];
    expect(find?.path).toBe('/api/business-transaction/ecommerce/business/findPayment');
    expect(find?.headers.authorization).toBe(`Bearer ${ticket.authToken}`);
    expect(find?.body).toEqual({ ecommerceId: ticket.ecommerceId, publicToken: PUBLIC_TOKEN });

    confirmInApp(ath, ticket.ecommerceId);
    expect((await gateway().findPayment(ticket)).status).toBe('confirmed');
    const completed = await gateway().authorizePayment(ticket);
    expect(completed).toMatchObject({ status: 'completed', totalCents: 4460 });
    expect(completed.referenceNumber).toMatch(/^215070443-/);
    expect(ath.requests.at(-1)?.headers.authorization).toBe(`Bearer ${ticket.authToken}`);

    const refund = await gateway().refundPayment(completed.referenceNumber ?? '', 4460);
    expect(refund).toEqual({ refundedCents: 4460 });
    expect(ath.requests.at(-1)?.body).toEqual({
      publicToken: PUBLIC_TOKEN,
      privateToken: PRIVATE_TOKEN,
      referenceNumber: completed.referenceNumber,
      amount: '44.60',
    });
  });

  it('is chosen by MOBILE_PAYMENT_PROVIDER=athmovil', () => {
    const chosen = createMobilePaymentGateway(
      {
        provider: 'athmovil',
        publicToken: PUBLIC_TOKEN,
        privateToken: PRIVATE_TOKEN,
        apiBase: ath.url,
      },
      log,
    );
    expect(chosen.provider).toBe('athmovil');
  });

  it('will not complete a payment the customer has not approved (409)', async () => {
    const ticket = await gateway().createPayment(request);
    const error = await failureOf(gateway().authorizePayment(ticket));
    expect(error).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
  });

  it.each([
    [
      'an amount over the limits',
      athError('BTRA_0004', 'Amount is Over the limits'),
      402,
      'PAYMENT_DECLINED',
    ],
    ['an unknown payment', athError('BTRA_0031', 'EcommerceId does not exist'), 404, 'NOT_FOUND'],
    [
      'an invalid token',
      athError('BTRA_0401', 'Invalid authorization token', 401),
      503,
      'UNAVAILABLE',
    ],
    ['a rate limit', { status: 429, raw: 'Too Many Requests' }, 503, 'UNAVAILABLE'],
    ['a server error', { status: 502, raw: '<html>Bad gateway</html>' }, 503, 'UNAVAILABLE'],
    ['a body that is not JSON', { status: 200, raw: 'not json' }, 503, 'UNAVAILABLE'],
    [
      'a success of another shape',
      { status: 200, json: { status: 'success', data: { id: 1 } } },
      503,
      'UNAVAILABLE',
    ],
  ])('maps %s to our error, logging without the tokens', async (_case, answer, status, code) => {
    ath.answerNext(answer);
    const error = await failureOf(gateway().createPayment(request));
    expect(error).toMatchObject({ statusCode: status, code });
    const text = JSON.stringify(logged);
    expect(text).toContain('athmovil');
    expect(text).not.toContain(PUBLIC_TOKEN);
    expect(text).not.toContain(PRIVATE_TOKEN);
  });

  it('gives up after its timeout with a 503', async () => {
    ath.answerNext({ status: 200, json: {}, delayMs: 1500 });
    const started = Date.now();
    const error = await failureOf(gateway(300).createPayment(request));
    expect(error).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(1400);
    expect(JSON.stringify(logged)).toContain('timeout');
  });
});

describe('sandbox mobile gateway', () => {
  const sandbox = () => createMobilePaymentGateway({ provider: 'sandbox' }, log);

  it('is approved at once and completes without any network', async () => {
    const gatewayUnderTest = sandbox();
    expect(gatewayUnderTest.provider).toBe('sandbox');
    const ticket = await gatewayUnderTest.createPayment(request);
    expect(await gatewayUnderTest.findPayment(ticket)).toMatchObject({ status: 'confirmed' });
    const done = await gatewayUnderTest.authorizePayment(ticket);
    expect(done).toMatchObject({ status: 'completed', totalCents: 4460 });
    expect(done.referenceNumber).toMatch(/^sandbox-/);
    expect(ath.requests).toHaveLength(0);
  });

  it('cancels for its test phone number and refuses another token', async () => {
    const gatewayUnderTest = sandbox();
    const ticket = await gatewayUnderTest.createPayment({
      ...request,
      phoneNumber: SANDBOX_MOBILE_CANCEL_PHONE,
    });
    expect((await gatewayUnderTest.findPayment(ticket)).status).toBe('cancelled');
    expect((await failureOf(gatewayUnderTest.authorizePayment(ticket))).statusCode).toBe(402);
    const wrong = gatewayUnderTest.findPayment({ ...ticket, authToken: 'other' });
    expect((await failureOf(wrong)).statusCode).toBe(404);
  });
});
