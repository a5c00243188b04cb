import {
  addDaysToPlainDate,
  ApiErrorSchema,
  plainDateInTimeZone,
  ServiceRequestResponseSchema,
  ServiceSchema,
  type ServiceRequestPayloadInput,
} from '@auxilio/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  idempotencyRecords,
  messages,
  serviceEvents,
  services,
} from '../src/db/schema.ts';
import { hashServiceToken } from '../src/services/service-tokens.ts';
import { firstPrAccount, newServiceId, servicePayload } from './support/service-request-payload.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { postCancellation, postServiceRequest } from './support/journey-service.ts';
import { bearerHeaders } from './support/api-target.ts';
import { notCustomerText } from './support/outbox.ts';

// SPEC 7 POST /api/v1/service-requests, GET /services/{id}, POST /services/holdEdit and
// POST /api/v1/service-requests/cancel; ARCHITECTURE decisions 9 (tokens) and 10 (idempotency).
// Every assertion that matters reads the database, not only the answer.

let t: TestApp;
let appKey: Record<string, string>;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  appKey = { 'x-api-key': t.config.appKey };
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  await t.close();
});

/** A valid request for the test account. */
function payload(overrides: Partial<ServiceRequestPayloadInput> = {}): ServiceRequestPayloadInput {
  return servicePayload(accountId, overrides);
}

function create(body: unknown, headers: Record<string, string> = appKey) {
  return postServiceRequest(t, body, headers);
}

async function createOk(body = payload()) {
  const res = await create(body);
  expect(res.statusCode).toBe(201);
  return { body, created: ServiceRequestResponseSchema.parse(res.json()) };
}

function read(id: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: `/common/services/${id}`, headers });
}

function holdEdit(id: string, token: string, reason?: string) {
  return postCancellation(t, id, token, reason);
}

const serviceRows = (id: string) => t.db.db.select().from(services).where(eq(services.id, id));
const eventRows = (id: string) =>
  t.db.db
    .select()
    .from(serviceEvents)
    .where(eq(serviceEvents.serviceId, id))
    .orderBy(asc(serviceEvents.seq));

describe('POST /common/api/v1/service-requests', () => {
  it('creates a Queued service (status number 1, trip NEW) with its first event, and only the token hash', async () => {
    const { body, created } = await createOk();
    expect(created.serviceId).toBe(body.serviceId);
    // ARCHITECTURE 9: ">=128 random bits": 32 bytes in base64url are 43 characters.
    expect(created.token).toMatch(/^[\w-]{43}$/);

    const [row] = await serviceRows(body.serviceId);
    expect(row).toMatchObject({
      accountId,
      branch: 'PR',
      status: 'Queued',
      statusNumber: 1,
      tripStatus: 'NEW',
      situation: 'flatTire',
      serviceType: 'road',
      // Decision 257: the server prices (fees do not apply to this account), not the payload.
      priceCents: 0,
      vehiclePlate: 'ABC123',
      situationLat: 18.4,
      situationAddress: 'Calle Luna 5, San Juan',
      tokenHash: hashServiceToken(created.token),
    });
    expect(row?.tokenHash).not.toContain(created.token);
    expect(String(row?.serviceNumber)).toBe(created.serviceNumber);
    expect(row?.payments?.subtotal).toBe(0);

    const events = await eventRows(body.serviceId);
    expect(events.map((event) => [event.seq, event.type])).toEqual([[1, 'created']]);
    expect(String(events[0]?.id)).toBe(created.eventId);
  });

  it('answers 400 naming the failing field, and writes nothing', async () => {
    const bad = payload({ clientPhone1: undefined as unknown as string });
    const res = await create(bad);
    expect(res.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(res.json());
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.field).toBe('body.clientPhone1');
    expect(await serviceRows(bad.serviceId)).toHaveLength(0);
  });

  it('answers 401 without the app key, and writes nothing', async () => {
    const body = payload();
    const res = await create(body, {});
    expect(res.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('UNAUTHORIZED');
    expect(await serviceRows(body.serviceId)).toHaveLength(0);
  });

  it('answers 404 for an unknown account', async () => {
    const body = payload({ account_id: 'ffffffffffffffffffffffff' });
    const res = await create(body);
    expect(res.statusCode).toBe(404);
    expect(await serviceRows(body.serviceId)).toHaveLength(0);
  });

  it('ARCHITECTURE 10 + decision 476: a same-body retry returns the stored answer with the same token, and creates nothing new', async () => {
    const { body, created } = await createOk();
    // The same fields in another order are the same body.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const retry = await create(reordered);
    expect(retry.statusCode).toBe(201);
    const again = ServiceRequestResponseSchema.parse(retry.json());
    expect(again).toEqual(created);
    expect(await serviceRows(body.serviceId)).toHaveLength(1);
    expect(await eventRows(body.serviceId)).toHaveLength(1);
    expect((await read(body.serviceId, bearerHeaders(t, created.token))).statusCode).toBe(200);
    const [row] = await serviceRows(body.serviceId);
    expect(row?.tokenHash).toBe(hashServiceToken(created.token));
    // Decision 476: no token in clear in the idempotency record, ever.
    const [record] = await t.db.db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, `service-request:${body.serviceId}`));
    expect(JSON.stringify(record?.response)).not.toContain(created.token);
    expect(record?.response).not.toHaveProperty('token');
  });

  it('ARCHITECTURE 10: a different body for the same id is a 409 and changes nothing', async () => {
    const { body } = await createOk();
    const res = await create({ ...body, notes: 'From Client: something else' });
    expect(res.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('CONFLICT');
    const [row] = await serviceRows(body.serviceId);
    expect(row?.notes).toBe('From Client: Blue gate');
  });

  it('an id already used by a service without a creation record is a 409', async () => {
    const { body } = await createOk();
    await t.db.db
      .delete(idempotencyRecords)
      .where(eq(idempotencyRecords.key, `service-request:${body.serviceId}`));
    const res = await create(body);
    expect(res.statusCode).toBe(409);
    expect(await serviceRows(body.serviceId)).toHaveLength(1);
    const records = await t.db.db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, `service-request:${body.serviceId}`));
    expect(records).toHaveLength(0);
  });

  it('20 concurrent identical requests create exactly one service and one event', async () => {
    const body = payload();
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(body)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array<number>(20).fill(201));
    const parsed = answers.map((res) => ServiceRequestResponseSchema.parse(res.json()));
    // One service: every answer names it, with the one token that opens it (decision 476).
    expect(new Set(parsed.map((answer) => answer.serviceNumber)).size).toBe(1);
    expect(new Set(parsed.map((answer) => answer.eventId)).size).toBe(1);
    expect(new Set(parsed.map((answer) => answer.token)).size).toBe(1);
    const [row] = await serviceRows(body.serviceId);
    expect(row?.tokenHash).toBe(hashServiceToken(parsed[0]?.token ?? ''));
    expect(await serviceRows(body.serviceId)).toHaveLength(1);
    expect(await eventRows(body.serviceId)).toHaveLength(1);
    const records = await t.db.db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, `service-request:${body.serviceId}`));
    expect(records).toHaveLength(1);
  });
});

describe('GET /common/services/:id', () => {
  it('returns the service in the SPEC 3 shape to the holder of its token', async () => {
    const { body, created } = await createOk();
    const res = await read(body.serviceId, bearerHeaders(t, created.token));
    expect(res.statusCode).toBe(200);
    const service = ServiceSchema.parse(res.json());
    const [account] = await t.db.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(service).toMatchObject({
      _id: body.serviceId,
      serviceNumber: created.serviceNumber,
      account: accountId,
      branch: 'PR',
      sfIdAccount: account?.salesforceId,
      status: 'Queued',
      situation: 'flatTire',
      serviceType: 'road',
      schedule: '',
      driver: null,
      trip: { status: 'NEW', simulatedEta: null },
      locations: {
        situation: { lat: 18.4, lng: -66.1, address: 'Calle Luna 5, San Juan', placeId: 'pl-1' },
        destination: null,
        provider: null,
      },
    });
    expect(service.trip.stamps.NEW).toBeDefined();
    expect(service.payments.subtotal).toBe(0);
    expect(service.priceDetails).toBeNull();
  });

  /** A plumbing visit for the test account (Puerto Rico), `daysAhead` days after today there. */
  function homePayload(daysAhead: number, overrides: Partial<ServiceRequestPayloadInput> = {}) {
    const date = addDaysToPlainDate(
      plainDateInTimeZone(new Date(), 'America/Puerto_Rico'),
      daysAhead,
    );
    return payload({
      situation: 'Plumbing',
      category: 'home',
      subService: 'leak',
      vehPlate: '',
      vehMake: '',
      vehModel: '',
      vehYear: null,
      vehColor: '',
      price: 0,
      priceDetails: { priceRate: 0, serviceCost: 0 },
      notes: 'From Client: a home visit',
      homeVisit: { date, availability: 'afternoon' },
      ...overrides,
    });
  }

  it("decision 642: a home service reads back its priceDetails: the account's rate and the server's price", async () => {
    const { body, created } = await createOk(
      homePayload(3, {
        // A stale or edited client: its numbers are not what the service stores.
        priceDetails: { priceRate: 1, serviceCost: 999_999 },
      }),
    );
    const res = await read(body.serviceId, bearerHeaders(t, created.token));
    expect(res.statusCode).toBe(200);
    const service = ServiceSchema.parse(res.json());
    const [row] = await t.db.db.select().from(services).where(eq(services.id, body.serviceId));
    const [account] = await t.db.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, row?.accountId ?? ''));
    expect(service).toMatchObject({
      serviceType: 'home',
      situation: 'Plumbing',
      priceDetails: {
        priceRate: account?.serviceFees.Plumbing ?? 0,
        serviceCost: row?.priceCents,
      },
    });
    expect(service.priceDetails?.serviceCost).not.toBe(999_999);
  });

  it('decision 644: a home visit is stored with its day and window, and is due when the window opens', async () => {
    const body = homePayload(3);
    const { created } = await createOk(body);
    const [row] = await t.db.db.select().from(services).where(eq(services.id, body.serviceId));
    const date = body.homeVisit?.date ?? '';
    expect(row?.home).toEqual({ subService: 'leak', date, availability: 'afternoon' });
    // The afternoon window opens at 13:00 in Puerto Rico (UTC-4): dispatch waits for it.
    expect(row?.schedule?.toISOString()).toBe(`${date}T17:00:00.000Z`);
    const service = ServiceSchema.parse(
      (await read(body.serviceId, bearerHeaders(t, created.token))).json(),
    );
    expect(service.home).toEqual({ subService: 'leak', date, availability: 'afternoon' });
    expect(service.schedule).toBe(`${date}T17:00:00.000Z`);
  });

  it('SPEC 5: a home visit less than 2 days ahead (in the branch) is refused, and nothing is stored', async () => {
    for (const daysAhead of [0, 1]) {
      const body = homePayload(daysAhead);
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(res.json())).toMatchObject({
        code: 'BAD_REQUEST',
        field: 'body.homeVisit.date',
      });
      const rows = await t.db.db.select().from(services).where(eq(services.id, body.serviceId));
      expect(rows).toHaveLength(0);
    }
  });

  it("decision 644: a request's category is its situation's, so no home rule is skipped as road", async () => {
    const { homeVisit: _visit, ...plumbingAsRoad } = homePayload(0, { category: 'road' });
    const towAsHome = payload({ category: 'home', homeVisit: homePayload(3).homeVisit });
    for (const body of [plumbingAsRoad, towAsHome]) {
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).field).toBe('body.category');
      const rows = await t.db.db.select().from(services).where(eq(services.id, body.serviceId));
      expect(rows).toHaveLength(0);
    }
  });

  it('decision 644: a home request without its visit day and window is refused', async () => {
    const { homeVisit: _visit, ...withoutVisit } = homePayload(3);
    const res = await create(withoutVisit);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe('body.homeVisit');
  });

  it('answers 401 without a bearer token and 401 without the app key', async () => {
    const { body, created } = await createOk();
    expect((await read(body.serviceId, appKey)).statusCode).toBe(401);
    const noKey = await read(body.serviceId, { authorization: `Bearer ${created.token}` });
    expect(noKey.statusCode).toBe(401);
  });

  it("answers 403 with another service's token, and the same 403 for an unknown id", async () => {
    const first = await createOk();
    const second = await createOk();
    const other = await read(first.body.serviceId, bearerHeaders(t, second.created.token));
    expect(other.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(other.json()).code).toBe('FORBIDDEN');
    const unknown = await read(newServiceId(), bearerHeaders(t, second.created.token));
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual(other.json());
  });
});

describe('POST /common/services/holdEdit', () => {
  it("SPEC 4: status 'Void' with the reason: the service is Void (number 7) with the reason and an event", async () => {
    const { body, created } = await createOk();
    const res = await holdEdit(body.serviceId, created.token, 'Continué por teléfono');
    expect(res.statusCode).toBe(200);
    expect(res.statusMessage).toBe('OK');
    expect(res.json()).toEqual({ _id: body.serviceId, status: 'Void' });

    const [row] = await serviceRows(body.serviceId);
    expect(row).toMatchObject({
      status: 'Void',
      statusNumber: 7,
      cancellationReason: 'Continué por teléfono',
    });
    const events = await eventRows(body.serviceId);
    expect(events.map((event) => [event.seq, event.type])).toEqual([
      [1, 'created'],
      [2, 'status'],
    ]);
    expect(events[1]?.payload).toMatchObject({ status: 'Void', reason: 'Continué por teléfono' });

    const after = ServiceSchema.parse(
      (await read(body.serviceId, bearerHeaders(t, created.token))).json(),
    );
    expect(after.status).toBe('Void');
  });

  it('decision 125: cancelling twice answers OK and records one cancellation', async () => {
    const { body, created } = await createOk();
    expect((await holdEdit(body.serviceId, created.token)).statusCode).toBe(200);
    expect((await holdEdit(body.serviceId, created.token)).statusCode).toBe(200);
    expect(await eventRows(body.serviceId)).toHaveLength(2);
  });

  it('five concurrent cancels of one service write one Void event with seq 2', async () => {
    const { body, created } = await createOk();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => holdEdit(body.serviceId, created.token)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const events = await eventRows(body.serviceId);
    expect(events.map((event) => [event.seq, event.type])).toEqual([
      [1, 'created'],
      [2, 'status'],
    ]);
  });

  it("answers 403 with another service's token and leaves the service Queued", async () => {
    const first = await createOk();
    const second = await createOk();
    const res = await holdEdit(first.body.serviceId, second.created.token);
    expect(res.statusCode).toBe(403);
    const [row] = await serviceRows(first.body.serviceId);
    expect(row?.status).toBe('Queued');
    expect(await eventRows(first.body.serviceId)).toHaveLength(1);
  });

  it('decision 111: a Finished service cannot be voided (409, unchanged)', async () => {
    const { body, created } = await createOk();
    await t.db.db
      .update(services)
      .set({ status: 'Finished', statusNumber: 6 })
      .where(eq(services.id, body.serviceId));
    const res = await holdEdit(body.serviceId, created.token);
    expect(res.statusCode).toBe(409);
    const [row] = await serviceRows(body.serviceId);
    expect(row?.status).toBe('Finished');
    expect(await eventRows(body.serviceId)).toHaveLength(1);
  });
});

describe('POST /common/api/v1/service-requests/cancel', () => {
  function cancelEmail(serviceId: string | null, headers: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: '/common/api/v1/service-requests/cancel',
      headers,
      payload: {
        account_id: accountId,
        reason: 'Proceso muy complicado',
        serviceId,
        serviceNumber: null,
        situation: 'flatTire',
        clientName: 'Ana Rivera',
        clientPhone: '787-555-0100',
        clientEmail: 'ana@example.com',
      },
    });
  }

  it('queues the cancellation e-mail in the outbox exactly once after two calls', async () => {
    const { body, created } = await createOk();
    await holdEdit(body.serviceId, created.token);
    for (let call = 0; call < 2; call += 1) {
      const res = await cancelEmail(body.serviceId, bearerHeaders(t, created.token));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true });
    }
    const rows = await t.db.db
      .select()
      .from(messages)
      .where(and(eq(messages.serviceId, body.serviceId), notCustomerText()));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'email', direction: 'outbound', status: 'queued' });
    expect(rows[0]?.body).toContain('Proceso muy complicado');
  });

  it("answers 403 for another service's token and 401 without one; queues nothing", async () => {
    const first = await createOk();
    const second = await createOk();
    expect(
      (await cancelEmail(first.body.serviceId, bearerHeaders(t, second.created.token))).statusCode,
    ).toBe(403);
    expect((await cancelEmail(first.body.serviceId, appKey)).statusCode).toBe(401);
    const rows = await t.db.db
      .select()
      .from(messages)
      .where(and(eq(messages.serviceId, first.body.serviceId), notCustomerText()));
    expect(rows).toHaveLength(0);
  });

  it('decision 477: without a service (abandoned before creation) nothing is mailed (401)', async () => {
    const before = await t.db.db.select().from(messages).where(eq(messages.kind, 'email'));
    expect((await cancelEmail(null, appKey)).statusCode).toBe(401);
    const after = await t.db.db.select().from(messages).where(eq(messages.kind, 'email'));
    expect(after.length).toBe(before.length);
  });
});

describe('OpenAPI (ARCHITECTURE decision 1: one document at /docs)', () => {
  it('documents the four service routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(paths['/common/api/v1/service-requests']?.post).toBeDefined();
    expect(paths['/common/api/v1/service-requests/cancel']?.post).toBeDefined();
    expect(paths['/common/services/{id}']?.get).toBeDefined();
    expect(paths['/common/services/holdEdit']?.post).toBeDefined();
  });
});
