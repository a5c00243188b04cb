import { eq, not, like } from 'drizzle-orm';
import { messages } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers.ts';

export type MessageRow = typeof messages.$inferSelect;

/**
 * Leaves out the texts the system sends the customer on its own (confirmation, on the way, second
 * stop: decision 611), for tests about another message of the same service.
 */
export const notCustomerText = () => not(like(messages.id, 'text-%'));

export async function outboxRow(t: TestApp, id: string): Promise<MessageRow | undefined> {
  const [row] = await t.db.db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/**
 * The row once a delivery attempt has settled it (sent, failed, or queued again after an attempt),
 * polling the database: the app's delivery worker sends in the background (docs/decisions/440).
 */
export async function settledOutboxRow(
  t: TestApp,
  id: string,
  timeoutMs = 5000,
): Promise<MessageRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await outboxRow(t, id);
    const settled =
      row && row.status !== 'sending' && (row.status !== 'queued' || row.attempts > 0);
    if (row && settled) return row;
    if (Date.now() > deadline) {
      throw new Error(`message ${id} not settled within ${timeoutMs} ms: ${JSON.stringify(row)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
