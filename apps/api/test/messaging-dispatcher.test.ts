import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { messages } from '../src/db/schema.ts';
import { createMessagesRepository } from '../src/repositories/messages.ts';
import {
  createMessageDispatcher,
  DELIVERY_POLICY,
  retryDelayMs,
} from '../src/services/messaging/dispatcher.ts';
import { createDeliveryWorker } from '../src/services/messaging/delivery-worker.ts';
import { createTwilioSmsTransport } from '../src/services/messaging/twilio-sms.ts';
import { startTwilioFixtureServer, type TwilioFixtureServer } from './fixture-servers/twilio.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { outboxRow } from './support/outbox.ts';

// The outbox dispatcher (ARCHITECTURE decision 7; docs/decisions/440): every queued message is sent
// once, even by two API processes at the same time; stale and expired rows are failed, not resent.
// The app here keeps the embedded default (no adapter), so only the dispatchers of the test send.

let t: TestApp;
let twilio: TwilioFixtureServer;
/** A second database connection: a second API process on PostgreSQL (the same PGlite otherwise). */
let second: DatabaseHandle | undefined;

beforeAll(async () => {
  twilio = await startTwilioFixtureServer();
  t = await createTestApp();
  if (t.db.kind === 'postgres' && t.config.databaseUrl) {
    second = await openDatabase({ url: t.config.databaseUrl });
  }
});
afterAll(async () => {
  await second?.close();
  await t.close();
  await twilio.close();
});

function smsTransport() {
  return createTwilioSmsTransport({
    accountSid: twilio.accountSid,
    authToken: twilio.authToken,
    from: '+17875550000',
    apiBase: twilio.url,
    timeoutMs: 2000,
  });
}

async function queueTexts(count: number, createdAt?: Date): Promise<string[]> {
  const batch = randomUUID();
  const ids = Array.from({ length: count }, (_, i) => `sms-test-${batch}-${i}`);
  for (const id of ids) {
    await t.app.repositories.messages.enqueueOnce({
      id,
      kind: 'sms',
      to: '+17875550123',
      body: `No Reply: #1: ${id}`,
      ...(createdAt ? { createdAt, nextAttemptAt: createdAt } : {}),
    });
  }
  return ids;
}

const requestsFor = (ids: string[]) =>
  twilio.requests.filter((request) => ids.some((id) => request.form.get('Body')?.endsWith(id)));

describe('outbox dispatcher', () => {
  it('leaves the outbox alone without an adapter (embedded default)', async () => {
    const [id = ''] = await queueTexts(1);
    const report = await createMessageDispatcher(t.app.repositories.messages, {}).runOnce();
    expect(report).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await outboxRow(t, id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('logs a message that stays in the outbox, and sends at once when its kind has an adapter', async () => {
    const lines: { message: string; details: object }[] = [];
    const log = {
      info: (details: object, message: string) => lines.push({ details, message }),
      warn: (details: object, message: string) => lines.push({ details, message }),
    };
    const repo = createMessagesRepository(t.db.db);
    const outboxOnly = createDeliveryWorker(repo, createMessageDispatcher(repo, {}), {
      intervalMs: 60_000,
      log,
    });
    outboxOnly.start();
    const kept = `sms-test-${randomUUID()}`;
    await repo.enqueueOnce({
      id: kept,
      kind: 'sms',
      to: '+17875550123',
      body: 'No Reply: #1: kept',
    });
    await outboxOnly.stop();
    expect(lines).toContainEqual({
      message: 'message kept in the outbox',
      details: { messageId: kept, kind: 'sms', to: '+17875550123', subject: null },
    });
    expect(await outboxRow(t, kept)).toMatchObject({ status: 'queued', attempts: 0 });

    const sending = createDeliveryWorker(
      repo,
      createMessageDispatcher(repo, { sms: smsTransport() }),
      { intervalMs: 60_000, log },
    );
    sending.start();
    const id = `sms-test-${randomUUID()}`;
    await repo.enqueueOnce({ id, kind: 'sms', to: '+17875550123', body: `No Reply: #1: ${id}` });
    await sending.stop();
    expect(await outboxRow(t, id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(requestsFor([id])).toHaveLength(1);
  });

  it('sends each message exactly once when two processes dispatch at the same time', async () => {
    const ids = await queueTexts(45);
    const repoA = createMessagesRepository(t.db.db);
    const repoB = createMessagesRepository((second ?? t.db).db);
    const a = createMessageDispatcher(repoA, { sms: smsTransport() });
    const b = createMessageDispatcher(repoB, { sms: smsTransport() });
    const reports = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBeGreaterThanOrEqual(45);
    const bodies = requestsFor(ids).map((request) => request.form.get('Body'));
    expect(bodies).toHaveLength(45);
    expect(new Set(bodies).size).toBe(45);
    const rows = await t.db.db.select().from(messages).where(inArray(messages.id, ids));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect(rows.every((row) => /^SM[0-9a-f]{32}$/.test(row.providerMessageId ?? ''))).toBe(true);
    // Nothing is due any more: a third pass sends nothing.
    expect((await a.runOnce()).sent).toBe(0);
    expect(requestsFor(ids)).toHaveLength(45);
  });

  it('fails a message whose attempt was cut short instead of sending it again', async () => {
    const [id = ''] = await queueTexts(1);
    const repo = t.app.repositories.messages;
    const startedAt = new Date();
    // A process claims the row and stops before settling it.
    const claimed = await repo.claimDue(['sms'], { now: startedAt, maxAgeMs: 60_000, limit: 100 });
    expect(claimed.map((message) => message.id)).toContain(id);
    const later = new Date(startedAt.getTime() + DELIVERY_POLICY.sendingLeaseMs + 1000);
    await createMessageDispatcher(repo, { sms: smsTransport() }).runOnce(later);
    expect(await outboxRow(t, id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await outboxRow(t, id))?.lastError).toMatch(/outcome unknown/);
    expect(requestsFor([id])).toHaveLength(0);
  });

  it('fails a message queued longer ago than the maximum age, unsent', async () => {
    const old = new Date(Date.now() - DELIVERY_POLICY.maxAgeMs - 60_000);
    const [id = ''] = await queueTexts(1, old);
    await createMessageDispatcher(t.app.repositories.messages, { sms: smsTransport() }).runOnce();
    expect(await outboxRow(t, id)).toMatchObject({ status: 'failed', attempts: 0 });
    expect((await outboxRow(t, id))?.lastError).toMatch(/Expired/);
    expect(requestsFor([id])).toHaveLength(0);
  });

  it('backs off by doubling from 30 s up to 15 min, and honours a longer Retry-After', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempts) => retryDelayMs(attempts))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000,
    ]);
    expect(retryDelayMs(1, 120_000)).toBe(120_000);
    expect(retryDelayMs(3, 1000)).toBe(120_000);
    expect(retryDelayMs(1, 24 * 3_600_000)).toBe(DELIVERY_POLICY.maxRetryAfterMs);
  });
});
