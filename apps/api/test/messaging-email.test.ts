import { randomUUID } from 'node:crypto';
import { getBrand } from '@auxilio/brands';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, messages } from '../src/db/schema.ts';
import { cancellationEmailId } from '../src/services/cancellation.ts';
import { createMessageDispatcher } from '../src/services/messaging/dispatcher.ts';
import { transportsFrom } from '../src/services/messaging/index.ts';
import { closedLocalPort } from './fixture-servers/closed-port.ts';
import { startSmtpFixtureServer, type SmtpFixtureServer } from './fixture-servers/smtp.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import { cancelService, createService } from './support/journey-service.ts';
import { notCustomerText, outboxRow, settledOutboxRow } from './support/outbox.ts';
import { firstPrAccount } from './support/service-request-payload.ts';

// ARCHITECTURE decision 7 "e-mail (cancellation): any SMTP (nodemailer)" against a local SMTP server
// (smtp-server + mailparser); SPEC 7 POST /api/v1/service-requests/cancel "cancellation e-mail, with
// reason"; docs/decisions/440 and 441. The cancellation never depends on the mail server.

const OPERATIONS = 'operaciones@auxilio.test';
const FROM = 'Auxilio <no-reply@auxilio.test>';
const TIMEOUT_MS = 1000;

let t: TestApp;
let smtp: SmtpFixtureServer;
let accountId: string;
let brandName: string;

beforeAll(async () => {
  smtp = await startSmtpFixtureServer();
  const base = testConfig();
  t = await createTestApp({
    config: {
      messaging: {
        ...base.messaging,
        email: { smtpUrl: smtp.url, from: FROM, cancellationTo: OPERATIONS },
        timeoutMs: TIMEOUT_MS,
      },
    },
  });
  accountId = await firstPrAccount(t.db);
  const [account] = await t.db.db.select().from(accounts).where(eq(accounts.id, accountId));
  brandName = getBrand(account?.brand)?.name ?? '';
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function cancellationBody(serviceId: string | null, serviceNumber: string | null) {
  return {
    account_id: accountId,
    reason: 'No necesito servicio' as const,
    serviceId,
    serviceNumber,
    situation: 'flatTire' as const,
    clientName: `Ana Rivera ${randomUUID().slice(0, 8)}`,
    clientPhone: '787-555-0100',
    clientEmail: 'ana@example.com',
  };
}

function cancel(body: ReturnType<typeof cancellationBody>, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/common/api/v1/service-requests/cancel',
    headers,
    payload: body,
  });
}

/** A cancelled service's e-mail request: void it (holdEdit), then ask for the e-mail. */
async function cancelledService() {
  const service = await createService(t, accountId);
  await cancelService(t, service.id, service.token);
  const body = cancellationBody(service.id, service.serviceNumber);
  return { service, body, response: await cancel(body, service.headers) };
}

describe('cancellation e-mail over SMTP', () => {
  it('arrives at the operations mailbox with brand, service number and reason', async () => {
    smtp.behave({});
    const seen = smtp.received.length;
    const { service, body, response } = await cancelledService();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true });

    const mail = await smtp.nextMail(seen);
    expect(mail.envelopeTo).toEqual([OPERATIONS]);
    expect(mail.envelopeFrom).toBe('no-reply@auxilio.test');
    expect(mail.parsed.from?.value).toEqual([
      { name: 'Auxilio', address: 'no-reply@auxilio.test' },
    ]);
    expect(JSON.stringify(mail.parsed.to)).toContain(OPERATIONS);
    expect(mail.parsed.subject).toBe(
      `Service cancelled #${service.serviceNumber}: No necesito servicio`,
    );
    expect(brandName).not.toBe('');
    expect(mail.parsed.text).toContain(`Brand: ${brandName}`);
    expect(mail.parsed.text).toContain('Reason: No necesito servicio');
    expect(mail.parsed.text).toContain(`Service: ${service.id} #${service.serviceNumber}`);
    // What the e-mail says of the customer is the service's, not what the request claims.
    expect(mail.parsed.text).toContain('Client: Ana Rivera\n');
    expect(mail.parsed.text).not.toContain(body.clientName);

    const row = await settledOutboxRow(t, cancellationEmailId(body.serviceId ?? ''));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, to: null });
    expect(row.providerMessageId).toBe(mail.parsed.messageId);
    // A retry of the call queues nothing new and sends nothing again.
    expect((await cancel(body, service.headers)).json()).toEqual({ status: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.length).toBe(seen + 1);
  });

  it('decision 477: no e-mail without the token of a cancelled service, and none twice', async () => {
    smtp.behave({});
    const seenAtStart = smtp.received.length;
    const before = await t.db.db.select().from(messages).where(notCustomerText());
    const appKey = { 'x-api-key': t.config.appKey };
    // No service, or a service but only the app key: 401.
    expect((await cancel(cancellationBody(null, null), appKey)).statusCode).toBe(401);
    const service = await createService(t, accountId);
    const body = cancellationBody(service.id, service.serviceNumber);
    expect((await cancel(body, appKey)).statusCode).toBe(401);
    // A token but no service named: 400; another service's token or an unknown id: 403.
    const noService = await cancel(cancellationBody(null, null), service.headers);
    expect(noService.statusCode).toBe(400);
    expect(noService.json()).toMatchObject({ field: 'body.serviceId' });
    const other = await createService(t, accountId);
    expect((await cancel(body, other.headers)).statusCode).toBe(403);
    expect((await cancel(cancellationBody(randomUUID(), '1'), service.headers)).statusCode).toBe(
      403,
    );
    // The right token, but the service was not cancelled: 409.
    expect((await cancel(body, service.headers)).statusCode).toBe(409);
    expect(await t.db.db.select().from(messages).where(notCustomerText())).toHaveLength(
      before.length,
    );
    expect(smtp.received.length).toBe(seenAtStart);
  });

  it('marks the e-mail failed when the server refuses it (550); the cancellation stands', async () => {
    smtp.behave({ rejectWith: { code: 550, message: 'Mailbox unavailable' } });
    const seen = smtp.received.length;
    const { service, body, response } = await cancelledService();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true });
    const row = await settledOutboxRow(t, cancellationEmailId(body.serviceId ?? ''));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/550/);
    expect(row.lastError).toContain('Mailbox unavailable');
    // Never retried, even much later.
    smtp.behave({});
    await createMessageDispatcher(
      t.app.repositories.messages,
      transportsFrom(t.config.messaging),
    ).runOnce(new Date(Date.now() + 3_600_000));
    expect(smtp.received.length).toBe(seen);
    const read = await t.app.inject({
      method: 'GET',
      url: `/common/services/${service.id}`,
      headers: service.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(JSON.stringify(read.json())).toContain('Void');
  });

  it('queues the e-mail again on a transient refusal (451) and sends it on the next attempt', async () => {
    smtp.behave({ rejectWith: { code: 451, message: 'Try again later' } });
    const seen = smtp.received.length;
    const { body, response } = await cancelledService();
    expect(response.statusCode).toBe(200);
    const row = await settledOutboxRow(t, cancellationEmailId(body.serviceId ?? ''));
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lastError).toMatch(/451/);
    smtp.behave({});
    await createMessageDispatcher(
      t.app.repositories.messages,
      transportsFrom(t.config.messaging),
    ).runOnce(new Date(row.nextAttemptAt.getTime() + 1000));
    expect(await outboxRow(t, row.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await smtp.nextMail(seen)).parsed.text).toContain('Client: Ana Rivera');
  });

  it('answers the cancel call without waiting for a silent server, and retries the e-mail later', async () => {
    smtp.behave({ silentGreeting: true });
    const { body, response } = await cancelledService();
    expect(response.statusCode).toBe(200);
    // Answered while the mail server is still silent: the attempt has not ended yet.
    const right = await outboxRow(t, cancellationEmailId(body.serviceId ?? ''));
    expect(['queued', 'sending']).toContain(right?.status);
    expect(right?.lastError).toBeNull();
    const row = await settledOutboxRow(
      t,
      cancellationEmailId(body.serviceId ?? ''),
      TIMEOUT_MS + 5000,
    );
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lastError).toMatch(/ETIMEDOUT/);
    smtp.behave({});
  });

  it('queues the e-mail again when the SMTP server cannot be reached (connection refused)', async () => {
    const id = `cancel-email:test:${randomUUID()}`;
    // Due only later, so that the app's own worker leaves it to this dispatcher.
    const later = new Date(Date.now() + 3_600_000);
    await t.db.db.insert(messages).values({
      id,
      kind: 'email',
      subject: 'Service cancelled: No necesito servicio',
      body: 'Reason: No necesito servicio',
      nextAttemptAt: later,
    });
    const unreachable = transportsFrom({
      ...t.config.messaging,
      email: {
        ...t.config.messaging.email,
        smtpUrl: `smtp://127.0.0.1:${await closedLocalPort()}`,
      },
    });
    await createMessageDispatcher(t.app.repositories.messages, unreachable).runOnce(later);
    const row = await outboxRow(t, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row?.lastError).toMatch(/ECONNECTION|ECONNREFUSED/);
  });
});
