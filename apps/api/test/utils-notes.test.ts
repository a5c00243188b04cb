import {
  AddNoteResponseSchema,
  ApiErrorSchema,
  SituationSpecificationResponseSchema,
} from '@auxilio/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serviceEvents, services } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createService, setServiceStatus, type CreatedService } from './support/journey-service.ts';
import { CONNECT_PR } from './support/demo-accounts.ts';

// SPEC 7 POST /utils/addNote {serviceId, body, employeeId, identifyUserByEmail} and
// PATCH /utils/situation-specification {serviceId, hasComment, imagesCount}; decision 402.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function call(
  method: 'POST' | 'PATCH',
  url: string,
  body: Record<string, unknown>,
  headers: Record<string, string>,
) {
  return t.app.inject({ method, url, headers, payload: body });
}

const note = (service: CreatedService, text = 'Portón azul, al lado del colmado') => ({
  serviceId: service.id,
  body: text,
  employeeId: null,
  identifyUserByEmail: null,
});

async function notesOf(serviceId: string) {
  return t.db.db
    .select()
    .from(messages)
    .where(and(eq(messages.serviceId, serviceId), eq(messages.kind, 'note')));
}

async function noteEventsOf(serviceId: string) {
  return t.db.db
    .select()
    .from(serviceEvents)
    .where(and(eq(serviceEvents.serviceId, serviceId), eq(serviceEvents.type, 'note')));
}

describe('POST /common/utils/addNote', () => {
  it('stores the note, publishes a note event; a retry stores nothing new', async () => {
    const service = await createService(t, CONNECT_PR);
    const res = await call('POST', '/common/utils/addNote', note(service), service.headers);
    expect(res.statusCode).toBe(200);
    const answer = AddNoteResponseSchema.parse(res.json());
    expect(answer).toMatchObject({
      serviceId: service.id,
      body: 'Portón azul, al lado del colmado',
    });

    const stored = await notesOf(service.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: answer._id, from: 'customer', direction: 'outbound' });
    const events = await noteEventsOf(service.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toEqual({
      noteId: answer._id,
      body: answer.body,
      createdAt: answer.createdAt,
    });

    const again = await call('POST', '/common/utils/addNote', note(service), service.headers);
    expect(again.json()).toEqual(answer);
    expect(await notesOf(service.id)).toHaveLength(1);
    expect(await noteEventsOf(service.id)).toHaveLength(1);
  });

  it('labels the author with the employee id or the e-mail the caller gives', async () => {
    const service = await createService(t, CONNECT_PR);
    const byEmail = {
      ...note(service, 'Llamar al llegar'),
      identifyUserByEmail: 'ana@example.com',
    };
    expect((await call('POST', '/common/utils/addNote', byEmail, service.headers)).statusCode).toBe(
      200,
    );
    expect((await notesOf(service.id))[0]?.from).toBe('email:ana@example.com');
  });

  it('400 naming the field for a blank body', async () => {
    const service = await createService(t, CONNECT_PR);
    const res = await call('POST', '/common/utils/addNote', note(service, '   '), service.headers);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe('body.body');
    expect(await notesOf(service.id)).toHaveLength(0);
  });

  it('401 without the app key or with a wrong one; 403 with another service’s token', async () => {
    const service = await createService(t, CONNECT_PR);
    const other = await createService(t, CONNECT_PR);
    const { authorization } = service.headers;
    const url = '/common/utils/addNote';
    expect(
      (await call('POST', url, note(service), { authorization: authorization ?? '' })).statusCode,
    ).toBe(401);
    const wrongKey = { ...service.headers, 'x-api-key': 'not-the-key' };
    expect((await call('POST', url, note(service), wrongKey)).statusCode).toBe(401);
    const res = await call('POST', url, note(service), other.headers);
    expect(res.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('FORBIDDEN');
    expect(await notesOf(service.id)).toHaveLength(0);
  });

  it('409 for a voided service', async () => {
    const service = await createService(t, CONNECT_PR);
    await setServiceStatus(t, service.id, 'Void');
    const res = await call('POST', '/common/utils/addNote', note(service), service.headers);
    expect(res.statusCode).toBe(409);
    expect(await notesOf(service.id)).toHaveLength(0);
  });
});

describe('PATCH /common/utils/situation-specification', () => {
  const url = '/common/utils/situation-specification';
  const spec = (service: CreatedService, imagesCount = 3) => ({
    serviceId: service.id,
    hasComment: true,
    imagesCount,
  });

  async function storedSpec(id: string) {
    const [row] = await t.db.db
      .select({ spec: services.situationSpecification })
      .from(services)
      .where(eq(services.id, id));
    return row?.spec;
  }

  it('stores hasComment and the photos the service holds as imagesCount; a second call replaces them', async () => {
    const service = await createService(t, CONNECT_PR);
    const res = await call('PATCH', url, spec(service), service.headers);
    expect(res.statusCode).toBe(200);
    const answer = SituationSpecificationResponseSchema.parse(res.json());
    // Decision 660: no photo is recorded on this service, whatever the caller counts.
    expect(answer.situationSpecification).toMatchObject({ hasComment: true, imagesCount: 0 });
    expect(await storedSpec(service.id)).toEqual(answer.situationSpecification);

    const second = await call(
      'PATCH',
      url,
      { ...spec(service, 5), hasComment: false },
      service.headers,
    );
    expect(second.statusCode).toBe(200);
    expect(await storedSpec(service.id)).toMatchObject({ hasComment: false, imagesCount: 0 });
  });

  it('400 naming the field for a negative imagesCount', async () => {
    const service = await createService(t, CONNECT_PR);
    const res = await call('PATCH', url, spec(service, -1), service.headers);
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).field).toBe('body.imagesCount');
    expect(await storedSpec(service.id)).toBeNull();
  });

  it('401 without the app key or with a wrong one; 403 with another service’s token', async () => {
    const service = await createService(t, CONNECT_PR);
    const other = await createService(t, CONNECT_PR);
    const { authorization } = service.headers;
    expect(
      (await call('PATCH', url, spec(service), { authorization: authorization ?? '' })).statusCode,
    ).toBe(401);
    const wrongKey = { ...service.headers, 'x-api-key': 'not-the-key' };
    expect((await call('PATCH', url, spec(service), wrongKey)).statusCode).toBe(401);
    expect((await call('PATCH', url, spec(service), other.headers)).statusCode).toBe(403);
    expect(await storedSpec(service.id)).toBeNull();
  });
});
