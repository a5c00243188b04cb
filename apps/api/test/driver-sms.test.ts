import { ApiErrorSchema, buildDriverSms, DriverSmsResponseSchema } from '@auxilio/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { notCustomerText } from './support/outbox.ts';
import {
  assignFirstDriver,
  createService,
  type CreatedService,
} from './support/journey-service.ts';
import { firstPrAccount } from './support/service-request-payload.ts';

// SPEC 7 POST /api/v1/drivers/sms ("success when data.status is true"); decision 253.

let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  await t.close();
});

function sms(service: CreatedService, body: unknown, headers = service.headers) {
  return t.app.inject({
    method: 'POST',
    url: '/common/api/v1/drivers/sms',
    headers,
    payload: body as Record<string, unknown>,
  });
}

async function outboxOf(serviceId: string) {
  return t.db.db
    .select()
    .from(messages)
    .where(and(eq(messages.serviceId, serviceId), eq(messages.kind, 'sms'), notCustomerText()));
}

describe('POST /common/api/v1/drivers/sms', () => {
  it('queues the text to the driver in the outbox once, and answers status true each time', async () => {
    const service = await createService(t, accountId);
    const phone = await assignFirstDriver(t, service.id);
    const body = buildDriverSms({
      text: 'Estoy en el portón azul',
      serviceNumber: service.serviceNumber,
      phone,
      branch: 'PR',
    });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await sms(service, body);
      expect(res.statusCode).toBe(200);
      expect(DriverSmsResponseSchema.parse(res.json())).toEqual({ status: true });
    }
    const outbox = await outboxOf(service.id);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      to: phone,
      body: `No Reply: #${service.serviceNumber}: Estoy en el portón azul`,
      status: 'queued',
      direction: 'outbound',
    });
  });

  it.each([
    ['a message without the prefix', { message: 'Hola' }, 'body.message'],
    ['a prefix with another service number', { message: 'No Reply: #1: Hola' }, 'body.message'],
    ['a phone that is not a phone', { phone: 'call me' }, 'body.phone'],
    ['a phone that is not the driver’s', { phone: '+1 787 000 0000' }, 'body.phone'],
    ['a branch that is not the service’s', { branch: 'PA' }, 'body.branch'],
  ])('answers 400 naming the field for %s, and queues nothing', async (_case, change, field) => {
    const service = await createService(t, accountId);
    const phone = await assignFirstDriver(t, service.id);
    const body = {
      ...buildDriverSms({
        text: 'Hola',
        serviceNumber: service.serviceNumber,
        phone,
        branch: 'PR',
      }),
      ...change,
    };
    const res = await sms(service, body);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe(field);
    expect(await outboxOf(service.id)).toEqual([]);
  });

  it('needs the service token (401 without, 403 with another service’s) and a driver (409)', async () => {
    const service = await createService(t, accountId);
    const other = await createService(t, accountId);
    const body = buildDriverSms({
      text: 'Hola',
      serviceNumber: service.serviceNumber,
      phone: '+17875550100',
      branch: 'PR',
    });
    expect((await sms(service, body)).statusCode).toBe(409);
    const { authorization: _omit, ...keyOnly } = service.headers;
    expect((await sms(service, body, keyOnly)).statusCode).toBe(401);
    expect((await sms(service, body, other.headers)).statusCode).toBe(403);
    expect(await outboxOf(service.id)).toEqual([]);
  });
});
