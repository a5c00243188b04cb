import { randomUUID } from 'node:crypto';
import { buildDriverSms } from '@auxilio/domain';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serviceEvents, services } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  assignFirstDriver,
  createService,
  type CreatedService,
} from './support/journey-service.ts';
import {
  cancellationPayload,
  firstPrAccount,
  LOCATION_UPDATE,
} from './support/service-request-payload.ts';

// ARCHITECTURE decision 9: one service's token never reads or changes another service, shown by a
// property test (OWASP API1:2023, broken object level authorization). For random pairs
// (A, B) and every service-scoped operation of the OpenAPI, A's token on B answers 403 and B's
// row, history and outbox stay as they were.

interface PoolService extends CreatedService {
  accountId: string;
  driverPhone: string;
}

interface Call {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  payload?: Record<string, unknown>;
  /** `query`: the token goes in `?token=` (EventSource), not in Authorization. */
  tokenIn?: 'header' | 'query';
}

/** Each service-scoped operation as "METHOD /openapi/path", with a valid request about `target`. */
const OPERATIONS: Record<string, (target: PoolService) => Call> = {
  'GET /common/services/{id}': (b) => ({ method: 'GET', url: `/common/services/${b.id}` }),
  'POST /common/services/holdEdit': (b) => ({
    method: 'POST',
    url: '/common/services/holdEdit',
    payload: cancellationPayload(b.id),
  }),
  'POST /common/api/v1/service-requests/cancel': (b) => ({
    method: 'POST',
    url: '/common/api/v1/service-requests/cancel',
    payload: {
      account_id: b.accountId,
      reason: 'Proceso muy complicado',
      serviceId: b.id,
      serviceNumber: b.serviceNumber,
      situation: 'flatTire',
      clientName: 'Ana Rivera',
      clientPhone: '787-555-0100',
      clientEmail: 'ana@example.com',
    },
  }),
  'PATCH /common/api/v1/service-requests/confirm-data': (b) => ({
    method: 'PATCH',
    url: '/common/api/v1/service-requests/confirm-data',
    payload: { serviceId: b.id },
  }),
  'PATCH /common/api/v1/service-requests/{id}/pushOptIn': (b) => ({
    method: 'PATCH',
    url: `/common/api/v1/service-requests/${b.id}/pushOptIn`,
    payload: { pushOptIn: true },
  }),
  'PATCH /common/api/v1/services/{id}/locations': (b) => ({
    method: 'PATCH',
    url: `/common/api/v1/services/${b.id}/locations`,
    payload: LOCATION_UPDATE,
  }),
  'GET /common/api/v1/services/{id}/events': (b) => ({
    method: 'GET',
    url: `/common/api/v1/services/${b.id}/events`,
    tokenIn: 'query',
  }),
  'POST /common/api/v1/services/{id}/share': (b) => ({
    method: 'POST',
    url: `/common/api/v1/services/${b.id}/share`,
  }),
  'GET /common/api/v1/services/{id}/shared': (b) => ({
    method: 'GET',
    url: `/common/api/v1/services/${b.id}/shared`,
  }),
  'GET /common/api/v1/services/{id}/shared/events': (b) => ({
    method: 'GET',
    url: `/common/api/v1/services/${b.id}/shared/events`,
    tokenIn: 'query',
  }),
  'POST /common/api/v1/drivers/sms': (b) => ({
    method: 'POST',
    url: '/common/api/v1/drivers/sms',
    payload: {
      ...buildDriverSms({
        text: 'Estoy en el portón azul',
        serviceNumber: b.serviceNumber,
        phone: b.driverPhone,
        branch: 'PR',
      }),
    },
  }),
  'POST /common/surveys': (b) => ({
    method: 'POST',
    url: '/common/surveys',
    payload: { answers: { provider: 5 }, comments: 'Muy bien', serviceId: b.id },
  }),
  'POST /common/tips': (b) => ({
    method: 'POST',
    url: '/common/tips',
    payload: {
      serviceId: b.id,
      amount: 300,
      currency: 'usd',
      paymentMethod: 'card',
      cardIdStripe: 'card_demo',
      chargeIdStripe: 'ch_demo_property',
      customerIdStripe: 'cus_demo',
    },
  }),
  'POST /common/utils/addNote': (b) => ({
    method: 'POST',
    url: '/common/utils/addNote',
    payload: { serviceId: b.id, body: 'Portón azul', employeeId: null, identifyUserByEmail: null },
  }),
  'PATCH /common/utils/situation-specification': (b) => ({
    method: 'PATCH',
    url: '/common/utils/situation-specification',
    payload: { serviceId: b.id, hasComment: true, imagesCount: 2 },
  }),
  'POST /common/payments/mobile': (b) => ({
    method: 'POST',
    url: '/common/payments/mobile',
    payload: {
      serviceId: b.id,
      purpose: { kind: 'tip', amount: 300, currency: 'usd' },
      idempotencyKey: `tip-${randomUUID()}`,
    },
  }),
  'POST /common/api/v1/services/{id}/photos': (b) => ({
    method: 'POST',
    url: `/common/api/v1/services/${b.id}/photos`,
    payload: { photoId: randomUUID() },
  }),
  'GET /common/api/v1/services/{id}/photos': (b) => ({
    method: 'GET',
    url: `/common/api/v1/services/${b.id}/photos`,
  }),
  'POST /storage/generate-upload-url': (b) => ({
    method: 'POST',
    url: '/storage/generate-upload-url',
    payload: { serviceId: b.id, photoId: randomUUID(), contentType: 'image/png', size: 4 },
  }),
};

/**
 * Operations that name a service but are not opened by a service's bearer token, and why. The
 * coverage test below fails when the OpenAPI gains a service-scoped operation in neither list.
 */
const DISPATCHER_SESSION =
  "the dispatcher's own session; another tenant's service is a 404 (dispatcher-tenant-isolation.test.ts)";

const NOT_SERVICE_TOKEN_OPERATIONS: Record<string, string> = {
  'POST /common/api/v1/service-requests': 'creates the service: there is no token yet',
  'POST /common/api/v1/driver-app/services/{id}/accept': "the driver app's own driver token",
  'POST /common/api/v1/driver-app/services/{id}/trip-status': "the driver app's own driver token",
  'POST /common/api/v1/driver-app/services/{id}/cancel': "the driver app's own driver token",
  'POST /common/api/v1/driver-app/services/{id}/photos/upload-url':
    "the driver app's own driver token",
  'POST /common/api/v1/driver-app/services/{id}/photos': "the driver app's own driver token",
  'GET /common/api/v1/driver-app/services/{id}/photos': "the driver app's own driver token",
  'GET /common/api/v1/dispatcher/services/{id}': DISPATCHER_SESSION,
  'GET /common/api/v1/dispatcher/services/{id}/suggestions': DISPATCHER_SESSION,
  'POST /common/api/v1/dispatcher/geotext-rooms': DISPATCHER_SESSION,
  'POST /common/api/v1/dispatcher/services/{id}/assignment': DISPATCHER_SESSION,
  'POST /common/api/v1/dispatcher/services/{id}/cancellation': DISPATCHER_SESSION,
  'POST /common/api/v1/dispatcher/services/{id}/contact': DISPATCHER_SESSION,
  'POST /common/api/v1/dispatcher/services/{id}/messages': DISPATCHER_SESSION,
  'POST /common/api/v1/services/{id}/text-link':
    "a texted link's own signed token; another service's link is a 403 in text-links.test.ts",
  'GET /common/api/v1/operator/services/{id}/photos':
    "the operator's own key; without it 401 (accident-photos.test.ts)",
  'POST /common/api/v1/operator/geotext-rooms':
    "the operator's own key; a service id it names must exist (geotext-operator.test.ts)",
  'POST /common/payments/intents':
    'a service payment precedes the service; the tip check is in payments-stripe.test.ts (this app has no Stripe: 409)',
};

let t: TestApp;
let pool: PoolService[];
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  accountId = await firstPrAccount(t.db);
  pool = [];
  for (let i = 0; i < 4; i += 1) {
    const service = await createService(t, accountId);
    // Half the pool has a driver (SMS to the driver and tracking need one).
    const driverPhone = i % 2 === 0 ? await assignFirstDriver(t, service.id) : '787-555-0199';
    pool.push({ ...service, driverPhone, accountId });
  }
});
afterAll(async () => {
  await t.close();
});

/** Everything of B an operation could change: its row, its history, its outbox. */
async function snapshot(serviceId: string) {
  const [row] = await t.db.db.select().from(services).where(eq(services.id, serviceId));
  const [events] = await t.db.db
    .select({ n: count() })
    .from(serviceEvents)
    .where(eq(serviceEvents.serviceId, serviceId));
  const [outbox] = await t.db.db
    .select({ n: count() })
    .from(messages)
    .where(eq(messages.serviceId, serviceId));
  return { row, events: events?.n, outbox: outbox?.n };
}

function send(call: Call, token: string) {
  const appKey = { 'x-api-key': t.config.appKey };
  const url =
    call.tokenIn === 'query' ? `${call.url}?token=${encodeURIComponent(token)}` : call.url;
  return t.app.inject({
    method: call.method,
    url,
    headers: call.tokenIn === 'query' ? appKey : { ...appKey, authorization: `Bearer ${token}` },
    ...(call.payload ? { payload: call.payload } : {}),
  });
}

describe("one service's token never reads or changes another service", () => {
  it('every service-scoped operation of the OpenAPI is in the property (or excluded with a reason)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string; name: string }[];
            requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
          }
        >
      >;
    }>();
    const serviceScoped: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const bodyFields = Object.keys(
          operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
        );
        const byPath =
          /\/(services|service-requests)\/\{id\}/.test(path) &&
          (operation.parameters ?? []).some((p) => p.in === 'path' && p.name === 'id');
        const byBody = bodyFields.some((field) =>
          ['serviceId', '_id', 'serviceNumber'].includes(field),
        );
        if (byPath || byBody) serviceScoped.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(serviceScoped.sort()).toEqual(
      [...Object.keys(OPERATIONS), ...Object.keys(NOT_SERVICE_TOKEN_OPERATIONS)].sort(),
    );
  });

  it('property: for random pairs (A, B), A on B answers 403 for every operation and B is unchanged', async () => {
    const distinctPair = fc
      .uniqueArray(fc.nat({ max: pool.length - 1 }), { minLength: 2, maxLength: 2 })
      .map(([a, b]) => ({ a: pool[a ?? 0] as PoolService, b: pool[b ?? 1] as PoolService }));
    // Operation order varies too, so no call can lean on an earlier one having run.
    const order = fc.shuffledSubarray(Object.keys(OPERATIONS), {
      minLength: Object.keys(OPERATIONS).length,
    });
    await fc.assert(
      fc.asyncProperty(distinctPair, order, async ({ a, b }, names) => {
        const before = await snapshot(b.id);
        for (const name of names) {
          const call = (OPERATIONS[name] as (target: PoolService) => Call)(b);
          const res = await send(call, a.token);
          expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
          expect(res.json<{ code: string }>().code).toBe('FORBIDDEN');
        }
        expect(await snapshot(b.id)).toEqual(before);
      }),
      { numRuns: 30 },
    );
  });

  it('control: the same requests with B’s own token are not refused as forbidden', async () => {
    const b = pool[0] as PoolService;
    for (const [name, build] of Object.entries(OPERATIONS)) {
      // Not the cancellations (they would end the service), nor the stream (it stays open).
      if (name.includes('holdEdit') || name.includes('cancel')) continue;
      const call = build(b);
      if (call.tokenIn === 'query') continue;
      const res = await send(call, b.token);
      // The share-link read takes a link token, not the service token.
      if (name.endsWith('/shared')) expect(res.statusCode).toBe(403);
      else expect(res.statusCode, `${name}: ${res.body}`).not.toBe(403);
    }
  });
});
