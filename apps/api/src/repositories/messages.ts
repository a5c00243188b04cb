import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { messages } from '../db/schema.ts';

export type NewMessageRow = typeof messages.$inferInsert;

/** Kinds of message that leave through an adapter (notes to the driver never leave). */
export type DeliverableKind = 'sms' | 'email';

/** One outbox row claimed for a delivery attempt (status `sending`). */
export interface ClaimedMessage {
  id: string;
  kind: DeliverableKind;
  to: string | null;
  from: string | null;
  subject: string | null;
  body: string;
  /** Attempts including this one. */
  attempts: number;
}

export interface StaleLimits {
  now: Date;
  /** A `sending` row whose attempt started longer ago than this was cut short (process stopped). */
  sendingLeaseMs: number;
  /** A `queued` row older than this is too late to send. */
  maxAgeMs: number;
}

export interface MessagesRepository {
  /**
   * Queues one outbox message (ARCHITECTURE decision 7: outbox + log by default). The id is the
   * caller's deduplication key: a second call with the same id writes nothing and returns false.
   * Inside the caller's transaction `tx` when given: the listeners are then not told (the row is
   * not visible before the commit); the caller tells them with `announceQueued` once it committed.
   */
  enqueueOnce(message: NewMessageRow, tx?: Db): Promise<boolean>;
  /** Tells the listeners of a message queued inside a transaction that has now committed. */
  announceQueued(message: NewMessageRow): void;
  /**
   * Calls `listener` after each message this repository queued (not after a duplicate), so the
   * delivery worker can send it at once (docs/decisions/440). Returns the unsubscribe function.
   */
  onQueued(listener: (message: NewMessageRow) => void): () => void;
  /**
   * Claims up to `limit` due outbound messages of `kinds` created within the last `maxAgeMs`: one
   * UPDATE over rows locked with FOR UPDATE SKIP LOCKED, so two API processes never claim the same
   * row (decision 440). Claimed rows are `sending`, their attempts counted.
   */
  claimDue(
    kinds: readonly DeliverableKind[],
    limits: { now: Date; maxAgeMs: number; limit: number },
  ): Promise<ClaimedMessage[]>;
  /** A claimed message was accepted by the provider. */
  markSent(id: string, at: Date, providerMessageId: string | null): Promise<void>;
  /** A claimed message goes back to the queue until `nextAttemptAt`. */
  markRetry(id: string, nextAttemptAt: Date, error: string): Promise<void>;
  /** A claimed message will not be sent. */
  markFailed(id: string, error: string): Promise<void>;
  /**
   * Fails `sending` rows older than the lease (their outcome is unknown: never resent) and
   * `queued` outbound rows older than the maximum age. Returns how many rows it failed.
   */
  failStale(kinds: readonly DeliverableKind[], limits: StaleLimits): Promise<number>;
}

export function createMessagesRepository(db: Db): MessagesRepository {
  const listeners = new Set<(message: NewMessageRow) => void>();

  const announce = (message: NewMessageRow) => {
    for (const listener of listeners) listener(message);
  };

  /** Only the attempt that holds the claim may settle it. */
  const settle = async (id: string, patch: Partial<NewMessageRow>) => {
    await db
      .update(messages)
      .set(patch)
      .where(and(eq(messages.id, id), eq(messages.status, 'sending')));
  };

  return {
    enqueueOnce: async (message, tx) => {
      // Due from this process's clock, the one the dispatcher claims with: the database's own
      // now() carries microseconds, so a row queued and claimed within one millisecond would not
      // yet be due, and would wait for the next periodic pass.
      const inserted = await (tx ?? db)
        .insert(messages)
        .values({ ...message, nextAttemptAt: message.nextAttemptAt ?? new Date() })
        .onConflictDoNothing({ target: messages.id })
        .returning({ id: messages.id });
      if (inserted.length === 0) return false;
      if (!tx) announce(message);
      return true;
    },

    announceQueued: (message) => {
      announce(message);
    },

    onQueued: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    claimDue: async (kinds, { now, maxAgeMs, limit }) => {
      const due = and(
        eq(messages.status, 'queued'),
        eq(messages.direction, 'outbound'),
        inArray(messages.kind, [...kinds]),
        lte(messages.nextAttemptAt, now),
        gte(messages.createdAt, new Date(now.getTime() - maxAgeMs)),
      );
      const lockedDue = db
        .select({ id: messages.id })
        .from(messages)
        .where(due)
        .orderBy(asc(messages.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(messages)
        .set({ status: 'sending', attempts: sql`${messages.attempts} + 1`, lastAttemptAt: now })
        .where(and(inArray(messages.id, lockedDue), eq(messages.status, 'queued')))
        .returning({
          id: messages.id,
          kind: messages.kind,
          to: messages.to,
          from: messages.from,
          subject: messages.subject,
          body: messages.body,
          attempts: messages.attempts,
        });
      return rows.map((row) => ({ ...row, kind: row.kind as DeliverableKind }));
    },

    markSent: (id, at, providerMessageId) =>
      settle(id, { status: 'sent', sentAt: at, providerMessageId, lastError: null }),

    markRetry: (id, nextAttemptAt, error) =>
      settle(id, { status: 'queued', nextAttemptAt, lastError: error }),

    markFailed: (id, error) => settle(id, { status: 'failed', lastError: error }),

    // A change of several rows is one transaction: both sweeps or neither.
    failStale: (kinds, { now, sendingLeaseMs, maxAgeMs }) =>
      db.transaction(async (tx) => {
        const ofKinds = and(eq(messages.direction, 'outbound'), inArray(messages.kind, [...kinds]));
        const cutShort = await tx
          .update(messages)
          .set({
            status: 'failed',
            lastError: 'Delivery outcome unknown: the attempt was cut short; not resent',
          })
          .where(
            and(
              ofKinds,
              eq(messages.status, 'sending'),
              lt(messages.lastAttemptAt, new Date(now.getTime() - sendingLeaseMs)),
            ),
          )
          .returning({ id: messages.id });
        const expired = await tx
          .update(messages)
          .set({ status: 'failed', lastError: 'Expired: too old to send' })
          .where(
            and(
              ofKinds,
              eq(messages.status, 'queued'),
              lt(messages.createdAt, new Date(now.getTime() - maxAgeMs)),
            ),
          )
          .returning({ id: messages.id });
        return cutShort.length + expired.length;
      }),
  };
}
