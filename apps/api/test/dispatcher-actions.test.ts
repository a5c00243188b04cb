import {
  AuditEntrySchema,
  clientNoteText,
  CustomerContactSchema,
  DispatcherServiceDetailSchema,
  DispatcherTextAnswerSchema,
  DriverSuggestionsSchema,
  maskPhone,
  ServiceSchema,
  type DispatcherServiceDetail,
} from '@auxilio/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  dispatchers,
  dispatchOffers,
  drivers,
  messages,
  services,
} from '../src/db/schema.ts';
import { DEMO_DISPATCHER_EMAILS, dispatcherToken } from './support/dispatcher-session.ts';
import {
  expectConsistentDispatch,
  historyOf,
  resetFleet,
  serviceOf,
  useDispatchFleet,
} from './support/dispatch-fleet.ts';
import { finishService } from './support/journey-service.ts';

// The dispatcher's actions on one service (docs/decisions/762): the detail with a masked phone,
// the logged contact, the engine's suggestions, direct assignment and reassignment, cancel, a text
// to the customer, and the append-only audit line each action writes.

const suite = useDispatchFleet();
const BASE = '/common/api/v1/dispatcher';
let headers: Record<string, string>;
let dispatcherId: string;

beforeAll(async () => {
  const token = await dispatcherToken(suite.t.app, DEMO_DISPATCHER_EMAILS.pr);
  headers = { 'x-api-key': suite.t.config.appKey, authorization: `Bearer ${token}` };
  const [row] = await suite.t.db.db
    .select({ id: dispatchers.id })
    .from(dispatchers)
    .where(eq(dispatchers.email, DEMO_DISPATCHER_EMAILS.pr));
  if (!row) throw new Error('no PR dispatcher in the seed');
  dispatcherId = row.id;
});

function call(method: 'GET' | 'POST', path: string, payload?: object, extra = {}) {
  return suite.t.app.inject({
    method,
    url: `${BASE}${path}`,
    headers: { ...headers, ...extra },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function detail(serviceId: string): Promise<DispatcherServiceDetail> {
  const res = await call('GET', `/services/${serviceId}`);
  expect(res.statusCode).toBe(200);
  return DispatcherServiceDetailSchema.parse(res.json());
}

async function assign(serviceId: string, driverId: string, reason?: string) {
  return call('POST', `/services/${serviceId}/assignment`, {
    driverId,
    ...(reason ? { reason } : {}),
  });
}

function auditOf(serviceId: string) {
  return suite.t.db.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.serviceId, serviceId))
    .orderBy(asc(auditLog.id));
}

async function driverRow(id: string) {
  const [row] = await suite.t.db.db.select().from(drivers).where(eq(drivers.id, id));
  if (!row) throw new Error(`no driver ${id}`);
  return row;
}

describe('the service detail and the customer contact', () => {
  it('masks the phone, and opening the contact answers it in full and logs it', async () => {
    const created = await suite.request();
    const row = await serviceOf(suite.t, created.id);
    const phone = row.phone ?? '';
    expect(phone).not.toBe('');

    const res = await call('GET', `/services/${created.id}`);
    expect(res.statusCode).toBe(200);
    const shown = DispatcherServiceDetailSchema.parse(res.json());
    expect(shown.customer).toEqual({
      firstname: row.firstname,
      phoneMasked: maskPhone(phone),
      hasEmail: row.email !== null,
    });
    expect(res.body).not.toContain(phone.replace(/\D/g, '').slice(-7));
    expect(shown.service).toMatchObject({ _id: created.id, stage: 'new', driver: null });
    expect(shown.timeline[0]).toMatchObject({ seq: 1, type: 'created' });
    // What the customer wrote, as the driver reads it: without the request's 'From Client: '.
    expect(shown.notes).toBe(clientNoteText(row.notes));
    expect(shown.notes ?? '').not.toMatch(/^From Client:/);
    expect(shown.audit).toEqual([]);
    expect(await auditOf(created.id)).toEqual([]);

    const opened = await call('POST', `/services/${created.id}/contact`, { reason: 'No answer' });
    expect(opened.statusCode).toBe(200);
    expect(CustomerContactSchema.parse(opened.json())).toEqual({
      firstname: row.firstname,
      lastname: row.lastname,
      phone: row.phone,
      email: row.email,
    });
    const lines = await auditOf(created.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      action: 'contact_opened',
      dispatcherId,
      reason: 'No answer',
      driverId: null,
    });
    expect((await detail(created.id)).audit.map((line) => line.action)).toEqual(['contact_opened']);
  });

  it('still shows a closed service, with its status and reason', async () => {
    const created = await suite.request();
    await call('POST', `/services/${created.id}/cancellation`, { reason: 'Duplicate' });
    const shown = await detail(created.id);
    expect(shown.service).toMatchObject({ _id: created.id, status: 'Void', breaches: [] });
    expect(shown.cancellationReason).toBe('Duplicate');
  });
});

describe('suggestions', () => {
  it('lists the free drivers of the branch nearest by ETA first', async () => {
    const created = await suite.request();
    const res = await call('GET', `/services/${created.id}/suggestions`);
    expect(res.statusCode).toBe(200);
    const { suggestions } = DriverSuggestionsSchema.parse(res.json());
    expect(suggestions.map((s) => s.driverId)).toEqual(suite.fleet.map((driver) => driver.id));
    const etas = suggestions.map((s) => s.etaSeconds);
    expect([...etas].sort((a, b) => a - b)).toEqual(etas);
    expect(suggestions[0]?.distanceMeters).toBeLessThan(suggestions[2]?.distanceMeters ?? 0);

    // An offline driver is not suggested.
    await suite.t.db.db
      .update(drivers)
      .set({ online: false })
      .where(eq(drivers.id, suite.fleet[0]?.id ?? ''));
    const after = DriverSuggestionsSchema.parse(
      (await call('GET', `/services/${created.id}/suggestions`)).json(),
    );
    expect(after.suggestions.map((s) => s.driverId)).toEqual(
      suite.fleet.slice(1).map((driver) => driver.id),
    );
  });
});

describe('suggestions and a driver who gave the service back', () => {
  it('never suggests a driver who took the service and gave it back, as the engine never offers it', async () => {
    const [first, second] = suite.fleet;
    if (!first || !second) throw new Error('the fleet has three drivers');
    const created = await suite.request();
    // What the engine keeps of a driver who took the service and gave it back: an accepted offer.
    await suite.t.db.db.insert(dispatchOffers).values({
      id: `gave-back-${created.id}`,
      serviceId: created.id,
      driverId: first.id,
      state: 'accepted',
      etaSeconds: 60,
      distanceMeters: 1000,
      offeredAt: new Date(),
      expiresAt: new Date(),
      answeredAt: new Date(),
    });
    const res = await call('GET', `/services/${created.id}/suggestions`);
    expect(res.statusCode).toBe(200);
    const { suggestions } = DriverSuggestionsSchema.parse(res.json());
    expect(suggestions.map((s) => s.driverId)).toEqual(
      suite.fleet.slice(1).map((driver) => driver.id),
    );
    // Another service still suggests them.
    const other = await suite.request();
    const forOther = DriverSuggestionsSchema.parse(
      (await call('GET', `/services/${other.id}/suggestions`)).json(),
    );
    expect(forOther.suggestions.map((s) => s.driverId)).toContain(first.id);
  });
});

describe('direct assignment', () => {
  it("gives a queued service to the driver at once; the offer is withdrawn and the customer's read shows the driver", async () => {
    const [first, second] = suite.fleet;
    if (!first || !second) throw new Error('the fleet has three drivers');
    const created = await suite.request();
    await suite.tick();
    const [offer] = await suite.t.db.db
      .select()
      .from(dispatchOffers)
      .where(eq(dispatchOffers.serviceId, created.id));
    expect(offer).toMatchObject({ driverId: first.id, state: 'pending' });

    const res = await assign(created.id, second.id, 'Closer to the highway');
    expect(res.statusCode).toBe(200);
    const shown = DispatcherServiceDetailSchema.parse(res.json());
    expect(shown.service).toMatchObject({
      stage: 'accepted',
      status: 'Active',
      tripStatus: 'ACCEPTED',
      offeredTo: null,
    });
    expect(shown.service.driver?.id).toBe(second.id);

    expect(await serviceOf(suite.t, created.id)).toMatchObject({
      driverId: second.id,
      status: 'Active',
      tripStatus: 'ACCEPTED',
    });
    expect(await driverRow(second.id)).toMatchObject({ status: 'busy' });
    const [withdrawn] = await suite.t.db.db
      .select()
      .from(dispatchOffers)
      .where(eq(dispatchOffers.id, offer?.id ?? ''));
    expect(withdrawn?.state).toBe('withdrawn');

    const customer = await suite.t.app.inject({
      method: 'GET',
      url: `/common/services/${created.id}`,
      headers: created.headers,
    });
    expect(customer.statusCode).toBe(200);
    const read = ServiceSchema.parse(customer.json());
    const name = (await driverRow(second.id)).name;
    expect(read.driver?.name).toBe(name);

    const lines = await auditOf(created.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      action: 'assigned',
      dispatcherId,
      driverId: second.id,
      reason: 'Closer to the highway',
      before: { driverId: null, status: 'Queued', tripStatus: 'NEW' },
      after: { driverId: second.id, status: 'Active', tripStatus: 'ACCEPTED' },
    });
    expect(lines[0]?.at).toBeInstanceOf(Date);
  });

  it("reassigns: the previous driver is free again and the customer's history names the new one", async () => {
    const [first, second] = suite.fleet;
    if (!first || !second) throw new Error('the fleet has three drivers');
    const created = await suite.request();
    expect((await assign(created.id, first.id)).statusCode).toBe(200);
    const res = await assign(created.id, second.id, 'First driver broke down');
    expect(res.statusCode).toBe(200);

    expect(await driverRow(first.id)).toMatchObject({
      status: 'available',
      pendingSituation: null,
    });
    expect(await driverRow(second.id)).toMatchObject({ status: 'busy' });
    expect(await serviceOf(suite.t, created.id)).toMatchObject({
      driverId: second.id,
      status: 'Active',
    });
    const driverEvents = (await historyOf(suite.t, created.id)).filter(
      (event) => event.type === 'driver',
    );
    expect(driverEvents.at(-1)?.payload).toMatchObject({
      _id: second.id,
      name: (await driverRow(second.id)).name,
    });
    const customer = ServiceSchema.parse(
      (
        await suite.t.app.inject({
          method: 'GET',
          url: `/common/services/${created.id}`,
          headers: created.headers,
        })
      ).json(),
    );
    expect(customer.driver?._id).toBe(second.id);

    const lines = await auditOf(created.id);
    expect(lines.map((line) => line.action)).toEqual(['assigned', 'reassigned']);
    expect(lines[1]).toMatchObject({
      driverId: second.id,
      reason: 'First driver broke down',
      before: { driverId: first.id, status: 'Active', tripStatus: 'ACCEPTED' },
      after: { driverId: second.id, status: 'Active', tripStatus: 'ACCEPTED' },
    });
  });

  it("withdraws the chosen driver's pending offer of another service, which is due again at once", async () => {
    const [first] = suite.fleet;
    if (!first) throw new Error('the fleet has three drivers');
    const offered = await suite.request();
    await suite.tick();
    const other = await suite.request();
    expect((await assign(other.id, first.id)).statusCode).toBe(200);
    const offers = await suite.t.db.db
      .select()
      .from(dispatchOffers)
      .where(eq(dispatchOffers.serviceId, offered.id));
    expect(offers.map((offer) => [offer.driverId, offer.state])).toEqual([[first.id, 'withdrawn']]);
    const waiting = await serviceOf(suite.t, offered.id);
    expect(waiting.dispatchAt?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(waiting).toMatchObject({ status: 'Queued', driverId: null });
    // Its history says so, which also puts it back on the dispatchers' boards at once.
    const steps = (await historyOf(suite.t, offered.id))
      .filter((event) => event.type === 'dispatch')
      .map((event) => event.payload.step);
    expect(steps.at(-1)).toBe('withdrawn');
  });

  it('assigning the same driver again changes nothing and writes no audit line', async () => {
    const [first] = suite.fleet;
    if (!first) throw new Error('the fleet has three drivers');
    const created = await suite.request();
    expect((await assign(created.id, first.id)).statusCode).toBe(200);
    const seq = (await historyOf(suite.t, created.id)).length;
    const again = await assign(created.id, first.id);
    expect(again.statusCode).toBe(200);
    expect((await historyOf(suite.t, created.id)).length).toBe(seq);
    expect(await auditOf(created.id)).toHaveLength(1);
  });

  it.each([
    ['an offline driver', 409, 'offline'],
    ['a driver working another open service', 409, 'busy'],
    ['a driver of a branch the dispatcher does not see', 404, 'PA'],
    ['an unknown driver', 404, 'unknown'],
  ] as const)('refuses %s (%i) and writes nothing', async (_case, status, arrange) => {
    const [first] = suite.fleet;
    if (!first) throw new Error('the fleet has three drivers');
    const created = await suite.request();
    let driverId = first.id;
    if (arrange === 'offline') {
      await suite.t.db.db.update(drivers).set({ online: false }).where(eq(drivers.id, first.id));
    } else if (arrange === 'busy') {
      const busy = await suite.request();
      expect((await assign(busy.id, first.id)).statusCode).toBe(200);
    } else if (arrange === 'PA') {
      const [pa] = await suite.t.db.db.select().from(drivers).where(eq(drivers.branch, 'PA'));
      driverId = pa?.id ?? '';
    } else {
      driverId = 'no-such-driver';
    }
    const before = await serviceOf(suite.t, created.id);
    const res = await assign(created.id, driverId);
    expect(res.statusCode).toBe(status);
    expect(await serviceOf(suite.t, created.id)).toEqual(before);
    expect(await auditOf(created.id)).toEqual([]);
  });

  it('refuses a closed service with 409', async () => {
    const [first] = suite.fleet;
    if (!first) throw new Error('the fleet has three drivers');
    const created = await suite.request();
    await finishService(suite.t, created.id);
    const res = await assign(created.id, first.id);
    expect(res.statusCode).toBe(409);
    expect(await auditOf(created.id)).toEqual([]);
  });
});

describe('direct assignment: what it refuses and what it leaves alone', () => {
  it('answers a driver of a branch the dispatcher does not see exactly as an unknown id, even on a closed service', async () => {
    const [pa] = await suite.t.db.db.select().from(drivers).where(eq(drivers.branch, 'PA'));
    if (!pa) throw new Error('no PA driver in the seed');
    const open = await suite.request();
    const closed = await suite.request();
    await finishService(suite.t, closed.id);
    for (const serviceId of [open.id, closed.id]) {
      const unknown = await assign(serviceId, 'no-such-driver');
      const outOfScope = await assign(serviceId, pa.id);
      expect(unknown.statusCode).toBe(404);
      expect({ status: outOfScope.statusCode, body: outOfScope.json<unknown>() }).toEqual({
        status: unknown.statusCode,
        body: unknown.json<unknown>(),
      });
      expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', field: 'body.driverId' });
      expect(await auditOf(serviceId)).toEqual([]);
    }
  });

  it('refuses a service held for inspection with 409 naming the status, and keeps the hold', async () => {
    const [first] = suite.fleet;
    if (!first) throw new Error('the fleet has three drivers');
    const created = await suite.request();
    await suite.t.db.db
      .update(services)
      .set({ status: 'HoldInspection' })
      .where(eq(services.id, created.id));
    const before = await serviceOf(suite.t, created.id);
    const res = await assign(created.id, first.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
    expect(res.json<{ message: string }>().message).toContain('HoldInspection');
    expect(await serviceOf(suite.t, created.id)).toEqual(before);
    expect(await driverRow(first.id)).toMatchObject({ status: 'available' });
    expect(await auditOf(created.id)).toEqual([]);
  });

  it('assigns a driver without a position with no ETA: the customer is never told 0 and the stored ETA stays', async () => {
    const [first, second, third] = suite.fleet;
    if (!first || !second || !third) throw new Error('the fleet has three drivers');
    // Their phones are off: no position.
    await suite.t.db.db
      .update(drivers)
      .set({ lastLat: null, lastLng: null })
      .where(inArray(drivers.id, [second.id, third.id]));
    const etaEvents = async (serviceId: string) =>
      (await historyOf(suite.t, serviceId)).filter((event) => event.type === 'eta');

    // A first assignment: no ETA anywhere.
    const created = await suite.request();
    expect((await assign(created.id, second.id)).statusCode).toBe(200);
    const assigned = await serviceOf(suite.t, created.id);
    expect(assigned).toMatchObject({ driverId: second.id, status: 'Active' });
    expect(assigned.driverEtaSeconds).toBeNull();
    expect(await etaEvents(created.id)).toEqual([]);
    const customer = ServiceSchema.parse(
      (
        await suite.t.app.inject({
          method: 'GET',
          url: `/common/services/${created.id}`,
          headers: created.headers,
        })
      ).json(),
    );
    expect(customer.driver).toMatchObject({ _id: second.id, eta: null });

    // A reassignment from a driver with a position: the ETA the customer was told stays.
    const other = await suite.request();
    expect((await assign(other.id, first.id)).statusCode).toBe(200);
    const estimated = await serviceOf(suite.t, other.id);
    expect(estimated.driverEtaSeconds).toBeGreaterThan(0);
    const told = await etaEvents(other.id);
    expect(told).toHaveLength(1);
    expect((await assign(other.id, third.id)).statusCode).toBe(200);
    expect(await serviceOf(suite.t, other.id)).toMatchObject({
      driverId: third.id,
      driverEtaSeconds: estimated.driverEtaSeconds,
    });
    expect(await etaEvents(other.id)).toEqual(told);
  });
});

describe('two assignments at once', () => {
  it("each taking the driver the other's service is offered to: both answer, neither 5xx, and the rows agree", async () => {
    const [first, second] = suite.fleet;
    if (!first || !second) throw new Error('the fleet has three drivers');
    for (let round = 0; round < 4; round += 1) {
      await resetFleet(suite.t, suite.fleet);
      const one = await suite.request();
      await suite.tick();
      const two = await suite.request();
      await suite.tick();
      const offers = await suite.t.db.db
        .select({ serviceId: dispatchOffers.serviceId, driverId: dispatchOffers.driverId })
        .from(dispatchOffers)
        .where(eq(dispatchOffers.state, 'pending'));
      expect(offers).toEqual(
        expect.arrayContaining([
          { serviceId: one.id, driverId: first.id },
          { serviceId: two.id, driverId: second.id },
        ]),
      );
      const answers = await Promise.all([assign(one.id, second.id), assign(two.id, first.id)]);
      for (const res of answers) {
        expect(res.statusCode, res.body).toBeLessThan(500);
        expect([200, 409]).toContain(res.statusCode);
      }
      await expectConsistentDispatch(suite.t);
      if (answers.every((res) => res.statusCode === 200)) {
        expect(await serviceOf(suite.t, one.id)).toMatchObject({ driverId: second.id });
        expect(await serviceOf(suite.t, two.id)).toMatchObject({ driverId: first.id });
      }
    }
  });
});

describe('cancel', () => {
  it('voids the service with the reason, frees the driver, and a second cancel adds nothing', async () => {
    const [first] = suite.fleet;
    if (!first) throw new Error('the fleet has three drivers');
    const created = await suite.request();
    expect((await assign(created.id, first.id)).statusCode).toBe(200);

    const res = await call('POST', `/services/${created.id}/cancellation`, {
      reason: 'Customer called to cancel',
    });
    expect(res.statusCode).toBe(200);
    expect(DispatcherServiceDetailSchema.parse(res.json()).cancellationReason).toBe(
      'Customer called to cancel',
    );
    expect(await serviceOf(suite.t, created.id)).toMatchObject({
      status: 'Void',
      // The customer reads the service: only that the operations centre cancelled it.
      cancellationReason: 'cancelled_by_dispatcher',
    });
    expect(await driverRow(first.id)).toMatchObject({
      status: 'available',
      pendingSituation: null,
    });
    const status = (await historyOf(suite.t, created.id)).filter((e) => e.type === 'status');
    expect(status.at(-1)?.payload).toMatchObject({
      status: 'Void',
      reason: 'cancelled_by_dispatcher',
    });

    const again = await call('POST', `/services/${created.id}/cancellation`, { reason: 'Again' });
    expect(again.statusCode).toBe(200);
    const lines = await auditOf(created.id);
    expect(lines.map((line) => line.action)).toEqual(['assigned', 'cancelled']);
    expect(lines[1]).toMatchObject({
      dispatcherId,
      reason: 'Customer called to cancel',
      before: { status: 'Active' },
      after: { status: 'Void' },
    });
  });

  it('withdraws a pending offer, needs a reason, and refuses a finished service', async () => {
    const created = await suite.request();
    await suite.tick();
    const missing = await call('POST', `/services/${created.id}/cancellation`, { reason: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(
      (await call('POST', `/services/${created.id}/cancellation`, { reason: 'Duplicate' }))
        .statusCode,
    ).toBe(200);
    const offers = await suite.t.db.db
      .select({ state: dispatchOffers.state })
      .from(dispatchOffers)
      .where(eq(dispatchOffers.serviceId, created.id));
    expect(offers).toEqual([{ state: 'withdrawn' }]);

    const finished = await suite.request();
    await finishService(suite.t, finished.id);
    const res = await call('POST', `/services/${finished.id}/cancellation`, { reason: 'Late' });
    expect(res.statusCode).toBe(409);
    expect(await auditOf(finished.id)).toEqual([]);
  });
});

describe('a text to the customer', () => {
  it('queues an SMS in the outbox once per Idempotency-Key, with one audit line', async () => {
    const created = await suite.request();
    const row = await serviceOf(suite.t, created.id);
    const send = () =>
      call(
        'POST',
        `/services/${created.id}/messages`,
        { text: 'Your tow truck is 10 minutes away' },
        { 'idempotency-key': 'console-text-1' },
      );
    const res = await send();
    expect(res.statusCode).toBe(201);
    const answer = DispatcherTextAnswerSchema.parse(res.json());
    const retry = await send();
    expect(retry.statusCode).toBe(201);
    expect(DispatcherTextAnswerSchema.parse(retry.json())).toEqual(answer);

    const queued = await suite.t.db.db
      .select()
      .from(messages)
      .where(and(eq(messages.serviceId, created.id), eq(messages.kind, 'sms')));
    const texts = queued.filter((message) => message.body === 'Your tow truck is 10 minutes away');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ id: answer.id, direction: 'outbound', to: row.phone });
    const lines = await auditOf(created.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      action: 'texted',
      dispatcherId,
      // The log keeps which message and how long, never the text (personal data).
      after: { messageId: answer.id, length: 'Your tow truck is 10 minutes away'.length },
    });
  });

  it('refuses a service without a phone with 409 naming the field', async () => {
    const created = await suite.request();
    await suite.t.db.db.update(services).set({ phone: null }).where(eq(services.id, created.id));
    const res = await call('POST', `/services/${created.id}/messages`, { text: 'Hello' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
    expect(res.body).toContain('phone');
    expect(await auditOf(created.id)).toEqual([]);
  });
});

describe('the audit log', () => {
  it('lists the scope’s lines newest first, with dispatcher, time and before/after', async () => {
    const [first] = suite.fleet;
    if (!first) throw new Error('the fleet has three drivers');
    const created = await suite.request();
    await call('POST', `/services/${created.id}/contact`, {});
    await assign(created.id, first.id);
    const res = await call('GET', `/audit?serviceId=${created.id}`);
    expect(res.statusCode).toBe(200);
    const entries = res
      .json<{ entries: unknown[] }>()
      .entries.map((entry) => AuditEntrySchema.parse(entry));
    expect(entries.map((entry) => entry.action)).toEqual(['assigned', 'contact_opened']);
    expect(entries[0]?.dispatcher.id).toBe(dispatcherId);
    expect(entries[0]?.after).toMatchObject({ driverId: first.id });
    const older = await call('GET', `/audit?serviceId=${created.id}&before=${entries[0]?.id}`);
    expect(older.json<{ entries: { action: string }[] }>().entries.map((e) => e.action)).toEqual([
      'contact_opened',
    ]);
  });

  it('is append-only in the database: UPDATE and DELETE are refused whatever asks', async () => {
    const created = await suite.request();
    await call('POST', `/services/${created.id}/contact`, {});
    const [line] = await auditOf(created.id);
    if (!line) throw new Error('no audit line');
    await expect(
      suite.t.db.db.execute(sql`update audit_log set reason = 'edited' where id = ${line.id}`),
    ).rejects.toThrow();
    await expect(
      suite.t.db.db.execute(sql`delete from audit_log where id = ${line.id}`),
    ).rejects.toThrow();
    expect(await auditOf(created.id)).toEqual([line]);
  });
});
