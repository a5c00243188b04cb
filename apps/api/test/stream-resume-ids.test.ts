import { ApiErrorSchema, ShareLinkResponseSchema } from '@auxilio/domain';
import { eq, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { serviceEvents } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { firstPrAccount } from './support/service-request-payload.ts';
import { createService } from './support/journey-service.ts';
import {
  appendPositions,
  eventsUrl,
  openStream,
  type SseStream,
} from './support/service-stream.ts';
import { bearerHeaders } from './support/api-target.ts';
import { capturedLogger } from './support/captured-logs.ts';

// Client-sent ids that do not fit the database column they are compared with must be refused or
// handled before SQL (docs/decisions/502): a Last-Event-ID beyond `service_events.seq` (a 32-bit
// integer), negative or malformed starts the stream from the current state; a receipt number
// beyond `services.service_number` is a 400 naming the field.

let t: TestApp;
let app: FastifyInstance;
let baseUrl: string;
let accountId: string;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The app under test logs into `logLines`, so the test can see what an operator would.
  app = await buildApp({
    config: t.config,
    db: t.db,
    logger: capturedLogger(logLines),
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/** Log lines at error level or above (pino: 50 error, 60 fatal). */
function errorLines(): string[] {
  return logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
}

/** The next message is the event written after the stream opened: no history was replayed. */
async function expectOnlyNewEvents(stream: SseStream, serviceId: string, latestSeq: number) {
  expect(stream.status).toBe(200);
  await appendPositions(t.db, serviceId, 1, 900);
  expect(await stream.next()).toMatchObject({
    id: String(latestSeq + 1),
    event: 'position',
    data: { n: 900 },
  });
}

const OUT_OF_RANGE_OR_MALFORMED = [
  ['beyond the 32-bit seq column', '99999999999'],
  ['one past the largest integer', '2147483648'],
  ['a valid seq the service never reached', '2000000000'],
  ['negative', '-1'],
  ['not a number', 'abc'],
  ['a float', '1.5'],
  ['exponent notation', '1e3'],
  ['over-long', '9'.repeat(400)],
];

describe('Last-Event-ID out of range or malformed: the stream starts from the current state', () => {
  it.each(OUT_OF_RANGE_OR_MALFORMED)('header %s (%s)', async (_case, lastEventId) => {
    const { id: serviceId, token } = await createService(app, accountId);
    await appendPositions(t.db, serviceId, 2); // seq 2..3
    const stream = await openStream(eventsUrl(baseUrl, serviceId, {}), {
      'x-api-key': t.config.appKey,
      authorization: `Bearer ${token}`,
      'last-event-id': lastEventId,
    });
    try {
      await expectOnlyNewEvents(stream, serviceId, 3);
    } finally {
      stream.close();
    }
    expect(errorLines()).toEqual([]);
  });

  it.each(OUT_OF_RANGE_OR_MALFORMED)('query lastEventId %s (%s)', async (_case, lastEventId) => {
    const { id: serviceId, token } = await createService(app, accountId);
    const stream = await openStream(
      eventsUrl(baseUrl, serviceId, { key: t.config.appKey, token, lastEventId }),
    );
    try {
      await expectOnlyNewEvents(stream, serviceId, 1);
    } finally {
      stream.close();
    }
    expect(errorLines()).toEqual([]);
  });

  it('tells the browser the current event id, so its next reconnect resumes from there', async () => {
    const { id: serviceId, token } = await createService(app, accountId);
    await appendPositions(t.db, serviceId, 4); // seq 2..5
    const abort = new AbortController();
    const res = await fetch(eventsUrl(baseUrl, serviceId, { key: t.config.appKey, token }), {
      headers: { 'last-event-id': '99999999999' },
      signal: abort.signal,
    });
    try {
      const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (reader && !text.includes('\n\nid: 5\n\n')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
      expect(text).toBe('retry: 3000\n\nid: 5\n\n');
    } finally {
      abort.abort();
    }
  });

  it('on the shared-link stream too', async () => {
    const { id: serviceId, token } = await createService(app, accountId);
    const minted = await app.inject({
      method: 'POST',
      url: `/common/api/v1/services/${serviceId}/share`,
      headers: bearerHeaders(t, token),
    });
    const { shareToken } = ShareLinkResponseSchema.parse(minted.json());
    for (const lastEventId of ['99999999999', '-3', 'x']) {
      const url = new URL(`${baseUrl}/common/api/v1/services/${serviceId}/shared/events`);
      url.searchParams.set('key', t.config.appKey);
      url.searchParams.set('token', shareToken);
      const stream = await openStream(url.toString(), { 'last-event-id': lastEventId });
      try {
        expect(stream.status).toBe(200);
        const [row] = await t.db.db
          .select({ latest: max(serviceEvents.seq) })
          .from(serviceEvents)
          .where(eq(serviceEvents.serviceId, serviceId));
        const latest = row?.latest ?? 0;
        await appendPositions(t.db, serviceId, 1);
        expect(await stream.next()).toMatchObject({ id: String(latest + 1), event: 'position' });
      } finally {
        stream.close();
      }
    }
    expect(errorLines()).toEqual([]);
  });

  it('a valid Last-Event-ID still resumes right after it', async () => {
    const { id: serviceId, token } = await createService(app, accountId);
    await appendPositions(t.db, serviceId, 3); // seq 2..4
    const stream = await openStream(eventsUrl(baseUrl, serviceId, {}), {
      'x-api-key': t.config.appKey,
      authorization: `Bearer ${token}`,
      'last-event-id': '2',
    });
    try {
      expect((await stream.next()).id).toBe('3');
      expect((await stream.next()).id).toBe('4');
    } finally {
      stream.close();
    }
  });
});

describe('a receipt number beyond the services.service_number column', () => {
  it('POST /drivers/sms answers 400 naming body.serviceNumber, with nothing in the error log', async () => {
    const { token } = await createService(app, accountId);
    const serviceNumber = '99999999999';
    const res = await app.inject({
      method: 'POST',
      url: '/common/api/v1/drivers/sms',
      headers: bearerHeaders(t, token),
      payload: {
        message: `No Reply: #${serviceNumber}: hola`,
        serviceNumber,
        phone: '787-555-0101',
        branch: 'PR',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json())).toMatchObject({
      code: 'BAD_REQUEST',
      field: 'body.serviceNumber',
    });
    expect(errorLines()).toEqual([]);
  });
});
