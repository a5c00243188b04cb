import { ApiErrorSchema, ServiceRequestResponseSchema } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyRecords, services } from '../src/db/schema.ts';
import { hashServiceToken } from '../src/services/service-tokens.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { firstPrAccount, servicePayload } from './support/service-request-payload.ts';

// Decision 470: the creation record never keeps the token; a same-body retry gets a new one only
// within 24 h of creation, and a record written before (with a token in clear) loses it.

let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  await t.close();
});

function create(body: ReturnType<typeof servicePayload>) {
  return t.app.inject({
    method: 'POST',
    url: '/common/api/v1/service-requests',
    headers: { 'x-api-key': t.config.appKey },
    payload: body as unknown as Record<string, unknown>,
  });
}

const recordOf = async (serviceId: string) =>
  (
    await t.db.db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, `service-request:${serviceId}`))
  )[0];
const rowOf = async (serviceId: string) =>
  (await t.db.db.select().from(services).where(eq(services.id, serviceId)))[0];

describe('service token reissue on retry (decision 470)', () => {
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

  it('a record written before decision 470 loses its clear token at the next retry', async () => {
    const body = servicePayload(accountId);
    const first = ServiceRequestResponseSchema.parse((await create(body)).json());
    // As decision 200 stored it.
    await t.db.db
      .update(idempotencyRecords)
      .set({ response: first })
      .where(eq(idempotencyRecords.key, `service-request:${body.serviceId}`));
    const retry = ServiceRequestResponseSchema.parse((await create(body)).json());
    expect(retry.token).not.toBe(first.token);
    expect(retry.serviceNumber).toBe(first.serviceNumber);
    const record = await recordOf(body.serviceId);
    expect(record?.response).toEqual({
      eventId: first.eventId,
      serviceId: first.serviceId,
      serviceNumber: first.serviceNumber,
    });
    expect((await rowOf(body.serviceId))?.tokenHash).toBe(hashServiceToken(retry.token));
  });
});
