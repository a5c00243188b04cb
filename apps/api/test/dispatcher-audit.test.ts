import {
  BoardSnapshotSchema,
  DispatcherProfileSchema,
  DispatcherServiceDetailSchema,
  GeotextRoomSchema,
} from '@auxilio/domain';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dispatchers, geotextRooms, messages, serviceEvents } from '../src/db/schema.ts';
import { TIMELINE_MAX } from '../src/services/dispatcher/service-detail.ts';
import { generateRandomToken, hashServiceToken } from '../src/services/service-tokens.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';
import { DEMO_DISPATCHER_EMAILS, dispatcherToken } from './support/dispatcher-session.ts';
import { createService } from './support/journey-service.ts';

// What the console writes and what the customer sees of it (docs/decisions/762): an action and its
// audit line are both written or neither; the permanent log keeps no text and no phone number; a
// dispatcher's cancellation reason stays with the console; a long history shows how it ended; and a
// dispatcher whose stored scope cannot be read sees nothing instead of failing every request.

const BASE = '/common/api/v1/dispatcher';
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ config: { driverSimulator: false, dispatchEngine: false } });
  const token = await dispatcherToken(t.app, DEMO_DISPATCHER_EMAILS.pr);
  headers = { 'x-api-key': t.config.appKey, authorization: `Bearer ${token}` };
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST', path: string, payload?: object, extra = {}) {
  return t.app.inject({
    method,
    url: `${BASE}${path}`,
    headers: { ...headers, ...extra },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

function auditOf(serviceId: string) {
  return t.db.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.serviceId, serviceId))
    .orderBy(asc(auditLog.id));
}

/** Makes the database refuse the audit lines of `action` until the returned function runs. */
async function refuseAuditLines(action: string): Promise<() => Promise<void>> {
  await t.db.db.execute(
    sql.raw(`create function refuse_test_audit_line() returns trigger language plpgsql as $$
      begin
        if new.action = '${action}' then raise exception 'audit line refused by the test'; end if;
        return new;
      end $$`),
  );
  await t.db.db.execute(
    sql.raw(`create trigger refuse_test_audit_line before insert on audit_log
      for each row execute function refuse_test_audit_line()`),
  );
  return async () => {
    await t.db.db.execute(sql.raw('drop trigger refuse_test_audit_line on audit_log'));
    await t.db.db.execute(sql.raw('drop function refuse_test_audit_line()'));
  };
}

describe('an action and its audit line are one transaction', () => {
  it('a text whose audit line fails queues no SMS; the retry with the same key writes both', async () => {
    const service = await createService(t, CONNECT_PR);
    const text = 'Your tow truck is 10 minutes away';
    const send = () =>
      call('POST', `/services/${service.id}/messages`, { text }, { 'idempotency-key': 'k-1' });
    const consoleTexts = () =>
      t.db.db
        .select()
        .from(messages)
        .where(and(eq(messages.serviceId, service.id), like(messages.id, 'dispatcher-text:%')));

    const allow = await refuseAuditLines('texted');
    try {
      expect((await send()).statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect(await consoleTexts()).toEqual([]);
    expect(await auditOf(service.id)).toEqual([]);

    const retry = await send();
    expect(retry.statusCode).toBe(201);
    const queued = await consoleTexts();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ body: text, kind: 'sms' });
    const lines = await auditOf(service.id);
    expect(lines).toHaveLength(1);
    // The permanent log names the message and its length, never the words sent.
    expect(lines[0]).toMatchObject({
      action: 'texted',
      after: { messageId: queued[0]?.id, length: text.length },
    });
    expect(JSON.stringify(lines[0])).not.toContain('tow truck');
  });

  it('a geotext room whose audit line fails leaves no room and no text', async () => {
    const service = await createService(t, CONNECT_PR);
    const phoneNumber = '+17875550177';
    const create = () => call('POST', '/geotext-rooms', { phoneNumber, serviceId: service.id });
    const roomsOfService = () =>
      t.db.db.select().from(geotextRooms).where(eq(geotextRooms.serviceId, service.id));

    const allow = await refuseAuditLines('geotext_created');
    try {
      expect((await create()).statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect(await roomsOfService()).toEqual([]);
    expect(
      await t.db.db
        .select()
        .from(messages)
        .where(and(eq(messages.serviceId, service.id), like(messages.id, 'geotext-%'))),
    ).toEqual([]);

    const res = await create();
    expect(res.statusCode).toBe(201);
    const room = GeotextRoomSchema.parse(res.json());
    const [line] = await auditOf(service.id);
    expect(line).toMatchObject({ action: 'geotext_created', after: { roomId: room._id } });
    expect(JSON.stringify(line)).not.toContain('5550177');
  });
});

describe("a dispatcher's cancel", () => {
  it('tells the customer only that the operations centre cancelled it; the console keeps the reason', async () => {
    const service = await createService(t, CONNECT_PR);
    const reason = 'Customer rude on the phone, duplicate of 4411';
    const res = await call('POST', `/services/${service.id}/cancellation`, { reason });
    expect(res.statusCode).toBe(200);
    expect(DispatcherServiceDetailSchema.parse(res.json()).cancellationReason).toBe(reason);

    // What the customer's token reads: the service and its history.
    const read = await t.app.inject({
      method: 'GET',
      url: `/common/services/${service.id}`,
      headers: service.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('duplicate of 4411');
    expect(read.json()).toMatchObject({ status: 'Void' });
    const history = await t.db.db
      .select()
      .from(serviceEvents)
      .where(eq(serviceEvents.serviceId, service.id));
    expect(JSON.stringify(history)).not.toContain('duplicate of 4411');
    expect(history.filter((event) => event.type === 'status').at(-1)?.payload).toMatchObject({
      status: 'Void',
      reason: 'cancelled_by_dispatcher',
    });

    const [line] = await auditOf(service.id);
    expect(line).toMatchObject({ action: 'cancelled', reason });
  });
});

describe("a service's detail", () => {
  it('shows the newest events of a very long history, so its end is never cut off', async () => {
    const service = await createService(t, CONNECT_PR);
    await t.db.db.execute(sql`
      insert into service_events (service_id, seq, type, payload)
      select ${service.id}, (select max(seq) from service_events where service_id = ${service.id}) + n,
             'position', jsonb_build_object('n', n)
      from generate_series(1, ${TIMELINE_MAX}) as n`);
    expect(
      (await call('POST', `/services/${service.id}/cancellation`, { reason: 'Test' })).statusCode,
    ).toBe(200);

    const detail = DispatcherServiceDetailSchema.parse(
      (await call('GET', `/services/${service.id}`)).json(),
    );
    expect(detail.timeline).toHaveLength(TIMELINE_MAX);
    expect(detail.timeline.at(-1)).toMatchObject({ type: 'status', payload: { status: 'Void' } });
    const seqs = detail.timeline.map((event) => event.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });
});

describe('a dispatcher whose stored scope cannot be read', () => {
  it('sees nothing, with no error: the board is empty and a service of the branch a 404', async () => {
    const service = await createService(t, CONNECT_PR);
    const [dispatcher] = await t.db.db
      .insert(dispatchers)
      .values({
        id: 'dispatcher-broken-scope',
        name: 'Broken scope desk',
        email: 'broken.scope@auxilio.example',
        oidcSubject: 'broken-scope-subject',
        // Written by hand without `brands`.
        scope: sql`'{"accounts": [], "branches": ["PR"]}'::jsonb`,
      })
      .returning();
    if (!dispatcher) throw new Error('no dispatcher inserted');
    const token = generateRandomToken();
    await t.app.repositories.dispatchers.createSession(
      dispatcher.id,
      hashServiceToken(token),
      new Date(Date.now() + 3_600_000),
    );
    const as = { authorization: `Bearer ${token}` };

    const board = await call('GET', '/board', undefined, as);
    expect(board.statusCode).toBe(200);
    const snapshot = BoardSnapshotSchema.parse(board.json());
    expect(snapshot.services).toEqual([]);
    expect(snapshot.drivers).toEqual([]);

    const me = await call('GET', '/me', undefined, as);
    expect(me.statusCode).toBe(200);
    expect(DispatcherProfileSchema.parse(me.json())).toMatchObject({
      scope: { accounts: [], brands: [], branches: [] },
      driverBranches: [],
    });

    const detail = await call('GET', `/services/${service.id}`, undefined, as);
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
