import { ApiErrorSchema, ServiceRequestResponseSchema } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { idempotencyRecords, services } from '../src/db/schema.ts';
import { hashServiceToken } from '../src/services/service-tokens.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { firstPrAccount, servicePayload } from './support/service-request-payload.ts';
import { postServiceRequest } from './support/journey-service.ts';
import { bearerHeaders } from './support/api-target.ts';

// Decision 476: a retry of service creation (same id, same body) answers the first result with the
// same token, however many run at once; the token of an earlier answer never stops working.

let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  await t.close();
});

type Body = ReturnType<typeof servicePayload>;

function create(body: Body, app = t.app) {
  return postServiceRequest(app, body);
}

function read(serviceId: string, token: string) {
  return t.app.inject({
    method: 'GET',
    url: `/common/services/${serviceId}`,
    headers: bearerHeaders(t, token),
  });
}

const rowOf = async (serviceId: string) =>
  (await t.db.db.select().from(services).where(eq(services.id, serviceId)))[0];

describe('service creation retries keep the customer token (decision 476)', () => {
  it('50 parallel identical requests all answer the one token, and it opens the service', async () => {
    const body = servicePayload(accountId);
    const answers = await Promise.all(Array.from({ length: 50 }, () => create(body)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array<number>(50).fill(201));
    const tokens = new Set(
      answers.map((res) => ServiceRequestResponseSchema.parse(res.json()).token),
    );
    expect(tokens.size).toBe(1);
    const [token = ''] = tokens;
    expect((await read(body.serviceId, token)).statusCode).toBe(200);
    expect((await rowOf(body.serviceId))?.tokenHash).toBe(hashServiceToken(token));
  });

  it('a retry after the service was read leaves the token in use working at once', async () => {
    const body = servicePayload(accountId);
    const first = ServiceRequestResponseSchema.parse((await create(body)).json());
    expect((await read(body.serviceId, first.token)).statusCode).toBe(200);
    const retry = ServiceRequestResponseSchema.parse((await create(body)).json());
    expect(retry).toEqual(first);
    // Straight after the retry, with the read cache warm: the customer's token still opens it.
    expect((await read(body.serviceId, first.token)).statusCode).toBe(200);
  });

  it('a different body for the same id is a 409 and the token keeps working', async () => {
    const body = servicePayload(accountId);
    const first = ServiceRequestResponseSchema.parse((await create(body)).json());
    const other = await create({ ...body, notes: 'From Client: another gate' });
    expect(other.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(other.json()).code).toBe('CONFLICT');
    expect((await read(body.serviceId, first.token)).statusCode).toBe(200);
  });

  it('the creation record never holds the token', async () => {
    const body = servicePayload(accountId);
    const first = ServiceRequestResponseSchema.parse((await create(body)).json());
    await create(body);
    const [record] = await t.db.db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, `service-request:${body.serviceId}`));
    expect(record?.response).toEqual({
      eventId: first.eventId,
      serviceId: first.serviceId,
      serviceNumber: first.serviceNumber,
    });
    expect(JSON.stringify(record)).not.toContain(first.token);
  });

  it('more than 24 h after creation a replay is a 409 and the token stays', async () => {
    const body = servicePayload(accountId);
    const first = ServiceRequestResponseSchema.parse((await create(body)).json());
    await t.db.db
      .update(services)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(services.id, body.serviceId));
    const replay = await create(body);
    expect(replay.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(replay.json()).code).toBe('CONFLICT');
    expect((await rowOf(body.serviceId))?.tokenHash).toBe(hashServiceToken(first.token));
  });

  it('a server with another secret answers a replay 409 and never replaces the token', async () => {
    const body = servicePayload(accountId);
    const first = ServiceRequestResponseSchema.parse((await create(body)).json());
    const other = await buildApp({
      config: { ...t.config, serverSecret: 'another-server-secret-of-at-least-32-chars' },
      db: t.db,
      logger: false,
    });
    try {
      const replay = await create(body, other);
      expect(replay.statusCode).toBe(409);
      expect(JSON.stringify(replay.json())).not.toContain(first.token);
    } finally {
      await other.close();
    }
    expect((await read(body.serviceId, first.token)).statusCode).toBe(200);
  });
});
