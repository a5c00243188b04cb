import type { Db } from '../db/client.ts';
import { messages } from '../db/schema.ts';

export type NewMessageRow = typeof messages.$inferInsert;

export interface MessagesRepository {
  /**
   * Queues one outbox message (ARCHITECTURE decision 7: outbox + log by default). The id is the
   * caller's deduplication key: a second call with the same id writes nothing and returns false.
   */
  enqueueOnce(message: NewMessageRow): Promise<boolean>;
}

export function createMessagesRepository(db: Db): MessagesRepository {
  return {
    enqueueOnce: async (message) => {
      const inserted = await db
        .insert(messages)
        .values(message)
        .onConflictDoNothing({ target: messages.id })
        .returning({ id: messages.id });
      return inserted.length > 0;
    },
  };
}
