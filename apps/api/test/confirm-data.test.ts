import { ApiErrorSchema, ConfirmDataResponseSchema, ServiceSchema } from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceEvents, services } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createService, setServiceStatus, type CreatedService } from './support/journey-service.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// SPEC 7 PATCH /api/v1/service-requests/confirm-data "returns status"; SPEC 5 "disabled in
// confirm-data mode when messageConfirmation status is already 'confirm'". Decisions 129 and 412.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function confirm(body: unknown, headers: Record<string, string>) {
  return t.app.inject({
    method: 'PATCH',
    url: '/common/api/v1/service-requests/confirm-data',
    headers,
    payload: body as Record<string, unknown>,
  });
}

async function storedStatus(id: string) {
  const [row] = await t.db.db.select().from(services).where(eq(services.id, id));
  return row?.messageConfirmationStatus;
}

async function shownStatus(service: CreatedService) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/common/services/${service.id}`,
    headers: service.headers,
  });
  return ServiceSchema.parse(res.json()).messageConfirmation.status;
}

describe('PATCH /common/api/v1/service-requests/confirm-data', () => {
  it("answers status 'confirm', stores it, and GET /services/{id} shows it; again changes nothing", async () => {
    const service = await createService(t, CONNECT_PR);
    expect(await shownStatus(service)).toBe('pending');
    const res = await confirm({ serviceId: service.id }, service.headers);
    expect(res.statusCode).toBe(200);
    expect(ConfirmDataResponseSchema.parse(res.json())).toEqual({ status: 'confirm' });
    expect(await storedStatus(service.id)).toBe('confirm');
    expect(await shownStatus(service)).toBe('confirm');

    const [before] = await t.db.db.select().from(services).where(eq(services.id, service.id));
    const again = await confirm({ serviceId: service.id }, service.headers);
    expect(again.json()).toEqual({ status: 'confirm' });
    const [after] = await t.db.db.select().from(services).where(eq(services.id, service.id));
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    const events = await t.db.db
      .select()
      .from(serviceEvents)
      .where(eq(serviceEvents.serviceId, service.id));
    expect(events.filter((event) => event.type === 'confirmData')).toHaveLength(1);
  });

  it("refuses another service's token (403) and a missing one (401), changing nothing", async () => {
    const service = await createService(t, CONNECT_PR);
    const other = await createService(t, CONNECT_PR);
    const forbidden = await confirm({ serviceId: service.id }, other.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(forbidden.json()).code).toBe('FORBIDDEN');
    const noToken = await confirm({ serviceId: service.id }, { 'x-api-key': t.config.appKey });
    expect(noToken.statusCode).toBe(401);
    expect(await storedStatus(service.id)).toBeNull();
  });

  it('answers 409 for a voided service and keeps it pending', async () => {
    const service = await createService(t, CONNECT_PR);
    await setServiceStatus(t, service.id, 'Void');
    const res = await confirm({ serviceId: service.id }, service.headers);
    expect(res.statusCode).toBe(409);
    expect(await storedStatus(service.id)).toBeNull();
  });

  it.each([
    ['no serviceId', {}, 'body.serviceId'],
    ['a blank serviceId', { serviceId: '  ' }, 'body.serviceId'],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const service = await createService(t, CONNECT_PR);
    const res = await confirm(body, service.headers);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe(field);
  });
});
