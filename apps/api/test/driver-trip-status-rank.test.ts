import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceEvents, services } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { assignedDriverHeaders, createService } from './support/journey-service.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// SPEC 4 "Statuses move forward by rank only; a lower rank never replaces the current one";
// decisions 111 and 256: a lower trip status is a 409 and writes nothing; a repeat is a no-op.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function report(serviceId: string, status: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/common/api/v1/driver-app/services/${serviceId}/trip-status`,
    headers,
    payload: { status },
  });
}

async function tripEvents(serviceId: string) {
  return t.db.db
    .select()
    .from(serviceEvents)
    .where(and(eq(serviceEvents.serviceId, serviceId), eq(serviceEvents.type, 'trip')));
}

describe('driver-app trip status: forward by rank only', () => {
  it.each([
    ['ON_ROUTE', 'ACCEPTED'],
    ['ARRIVED', 'ON_ROUTE'],
    ['TOWED', 'ARRIVED'],
  ])('after %s, %s is refused with 409 and writes nothing', async (reached, lower) => {
    const service = await createService(t, CONNECT_PR, { situation: 'towBreakdown' });
    const driver = await assignedDriverHeaders(t, service.id);
    expect((await report(service.id, reached, driver)).statusCode).toBe(200);
    const events = await tripEvents(service.id);
    const res = await report(service.id, lower, driver);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
    const [row] = await t.db.db.select().from(services).where(eq(services.id, service.id));
    expect(row?.tripStatus).toBe(reached);
    expect(await tripEvents(service.id)).toHaveLength(events.length);
  });

  it('the same status again answers 200 unchanged (a retry), FINISHED finishes once', async () => {
    const service = await createService(t, CONNECT_PR);
    const driver = await assignedDriverHeaders(t, service.id);
    expect((await report(service.id, 'ON_ROUTE', driver)).json()).toMatchObject({ changed: true });
    expect((await report(service.id, 'ON_ROUTE', driver)).json()).toMatchObject({
      changed: false,
      tripStatus: 'ON_ROUTE',
    });
    const finished = await report(service.id, 'FINISHED', driver);
    expect(finished.json()).toMatchObject({ status: 'Finished', changed: true });
    // Finished is final (decision 111): the trip cannot change any more.
    expect((await report(service.id, 'FINISHED', driver)).statusCode).toBe(409);
  });
});
