import { buildDriverSms } from '@auxilio/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.ts';
import { createMessageDispatcher } from '../src/services/messaging/dispatcher.ts';
import { transportsFrom } from '../src/services/messaging/index.ts';
import { createTwilioSmsTransport, toE164 } from '../src/services/messaging/twilio-sms.ts';
import { closedLocalPort } from './fixture-servers/closed-port.ts';
import {
  startTwilioFixtureServer,
  twilioError,
  type TwilioFixtureServer,
} from './fixture-servers/twilio.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import { assignFirstDriver, createService } from './support/journey-service.ts';
import { notCustomerText, outboxRow, settledOutboxRow } from './support/outbox.ts';
import { firstPrAccount } from './support/service-request-payload.ts';

// ARCHITECTURE decision 7 "SMS to driver / customer: Twilio", against a local server that speaks
// Twilio's Messages API (fixture-servers/twilio.ts); docs/decisions/440 and 442. The app runs with
// SMS_PROVIDER=twilio, so its delivery worker sends each text right after it is queued.

const TWILIO_FROM = '+17875550000';
const TIMEOUT_MS = 1000;

let t: TestApp;
let twilio: TwilioFixtureServer;
let accountId: string;

beforeAll(async () => {
  twilio = await startTwilioFixtureServer();
  const base = testConfig();
  t = await createTestApp({
    config: {
      messaging: {
        ...base.messaging,
        sms: {
          provider: 'twilio',
          accountSid: twilio.accountSid,
          authToken: twilio.authToken,
          from: TWILIO_FROM,
          apiBase: twilio.url,
        },
        timeoutMs: TIMEOUT_MS,
      },
    },
  });
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

/** Queues a text through the app's repository: the app's worker picks it up at once. */
async function queueText(to: string): Promise<{ id: string; body: string }> {
  const id = `sms-test-${randomUUID()}`;
  const body = `No Reply: #1: ${id}`;
  await t.app.repositories.messages.enqueueOnce({ id, kind: 'sms', to, body });
  return { id, body };
}

const requestsWith = (body: string) =>
  twilio.requests.filter((request) => request.form.get('Body') === body);

/** A dispatcher like the app's, run at a chosen time (retries come due later). */
const dispatcherAt = (now: Date) =>
  createMessageDispatcher(t.app.repositories.messages, transportsFrom(t.config.messaging)).runOnce(
    now,
  );

describe('Twilio SMS adapter', () => {
  it('sends the driver text of POST /drivers/sms: Basic auth, form fields, phone in E.164', async () => {
    const service = await createService(t, accountId);
    const phone = await assignFirstDriver(t, service.id);
    const sms = buildDriverSms({
      text: 'Estoy en el portón azul',
      serviceNumber: service.serviceNumber,
      phone,
      branch: 'PR',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/common/api/v1/drivers/sms',
      headers: service.headers,
      payload: sms,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });

    const [outbox] = await t.db.db.query.messages.findMany({
      where: (m, { and, eq }) => and(eq(m.serviceId, service.id), notCustomerText()),
    });
    const row = await settledOutboxRow(t, outbox?.id ?? '');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);

    const [request, ...others] = requestsWith(sms.message);
    expect(others).toHaveLength(0);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const [scheme, credentials] = (request?.headers.authorization ?? '').split(' ');
    expect(scheme).toBe('Basic');
    expect(Buffer.from(credentials ?? '', 'base64').toString()).toBe(
      `${twilio.accountSid}:${twilio.authToken}`,
    );
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: `+${phone.replace(/\D/g, '')}`,
      From: TWILIO_FROM,
      Body: `No Reply: #${service.serviceNumber}: Estoy en el portón azul`,
    });
    expect(request?.form.get('To')).toMatch(/^\+1(787|939)\d{7}$/);
    expect(row.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('writes a stored phone with spaces and dashes as E.164; refuses one without a country code', async () => {
    expect(toE164('+1 (787) 555-0100')).toBe('+17875550100');
    expect(toE164('+507 6123-4567')).toBe('+50761234567');
    expect(toE164('787-555-0100')).toBeNull();
    expect(toE164('+12')).toBeNull();
    const formatted = await queueText('+1 (787) 555-0101');
    expect(await settledOutboxRow(t, formatted.id)).toMatchObject({ status: 'sent' });
    expect(requestsWith(formatted.body)[0]?.form.get('To')).toBe('+17875550101');
    const local = await queueText('787-555-0102');
    const row = await settledOutboxRow(t, local.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/E\.164/);
    expect(requestsWith(local.body)).toHaveLength(0);
  });

  it('sends as MessagingServiceSid instead of From when TWILIO_FROM is a Messaging Service SID', async () => {
    const serviceSid = `MG${'0123456789abcdef'.repeat(2)}`;
    const transport = createTwilioSmsTransport({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: serviceSid,
      apiBase: twilio.url,
      timeoutMs: TIMEOUT_MS,
    });
    const body = `No Reply: #1: ${randomUUID()}`;
    const outcome = await transport.send({
      id: 'sms-direct',
      kind: 'sms',
      to: '+17875550108',
      from: null,
      subject: null,
      body,
      attempts: 1,
    });
    expect(outcome).toMatchObject({ kind: 'sent' });
    const form = requestsWith(body)[0]?.form;
    expect(form?.get('MessagingServiceSid')).toBe(serviceSid);
    expect(form?.has('From')).toBe(false);
  });

  it('marks a text failed on a 400 (21211 invalid number) and never retries it', async () => {
    twilio.answerNext(twilioError(400, 21211, "The 'To' number +15005550001 is not valid."));
    const text = await queueText('+15005550001');
    const row = await settledOutboxRow(t, text.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toContain('Twilio 400: 21211');
    await dispatcherAt(new Date(Date.now() + 3_600_000));
    expect(requestsWith(text.body)).toHaveLength(1);
  });

  it('queues a text again after a 429, not before its Retry-After, then sends it', async () => {
    twilio.answerNext({
      ...twilioError(429, 20429, 'Too Many Requests'),
      headers: { 'retry-after': '120' },
    });
    const before = Date.now();
    const text = await queueText('+17875550103');
    const row = await settledOutboxRow(t, text.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lastError).toContain('Twilio 429: 20429');
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    expect(row.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 125_000);

    await dispatcherAt(new Date(before + 60_000));
    expect(requestsWith(text.body)).toHaveLength(1);
    await dispatcherAt(new Date(Date.now() + 121_000));
    expect(await outboxRow(t, text.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(requestsWith(text.body)).toHaveLength(2);
  });

  it('retries a text on 5xx with growing waits and gives up after 5 attempts', async () => {
    for (let i = 0; i < 5; i += 1)
      twilio.answerNext(twilioError(503, 20503, 'Service unavailable'));
    const text = await queueText('+17875550104');
    let row = await settledOutboxRow(t, text.id);
    const waits: number[] = [];
    let clock = Date.now();
    while (row.status === 'queued') {
      waits.push(row.nextAttemptAt.getTime() - (row.lastAttemptAt?.getTime() ?? 0));
      clock = row.nextAttemptAt.getTime() + 1000;
      await dispatcherAt(new Date(clock));
      row = (await outboxRow(t, text.id)) ?? row;
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    expect(row.lastError).toMatch(/^Gave up after 5 attempts: Twilio 503: 20503/);
    expect(requestsWith(text.body)).toHaveLength(5);
  });

  it('counts a 201 with an unreadable body as sent (never twice), without a provider id', async () => {
    twilio.answerNext({ status: 201, raw: '<html>proxy</html>' });
    const text = await queueText('+17875550105');
    expect(await settledOutboxRow(t, text.id)).toMatchObject({
      status: 'sent',
      providerMessageId: null,
    });
  });

  it('does not resend a text when Twilio does not answer in time (outcome unknown)', async () => {
    twilio.answerNext({ status: 201, hang: true });
    const text = await queueText('+17875550106');
    const row = await settledOutboxRow(t, text.id, TIMEOUT_MS + 5000);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/outcome unknown/);
    await dispatcherAt(new Date(Date.now() + 3_600_000));
    expect(requestsWith(text.body)).toHaveLength(1);
  });

  it('queues a text again when Twilio cannot be reached (connection refused)', async () => {
    const unreachable = transportsFrom({
      ...t.config.messaging,
      sms: {
        provider: 'twilio',
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from: TWILIO_FROM,
        apiBase: `http://127.0.0.1:${await closedLocalPort()}`,
      },
    });
    const id = `sms-test-${randomUUID()}`;
    // Queued with a later attempt time so the app's own worker leaves it to this dispatcher.
    const now = new Date(Date.now() + 3_600_000);
    await t.db.db.insert(messages).values({
      id,
      kind: 'sms',
      to: '+17875550107',
      body: 'No Reply: #1: unreachable',
      nextAttemptAt: now,
    });
    await createMessageDispatcher(t.app.repositories.messages, unreachable).runOnce(now);
    const row = await outboxRow(t, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row?.lastError).toBe('Twilio unreachable (ECONNREFUSED)');
  });
});
