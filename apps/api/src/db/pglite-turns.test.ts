import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY_DATA_DIR, openDatabase, type DatabaseHandle } from './client.ts';

// The embedded database's statements each start on a turn of the event loop of their own
// (docs/decisions/793): requests that arrive while a transaction runs are read before it ends.

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: IN_MEMORY_DATA_DIR });
});
afterAll(async () => {
  await handle.close();
});

describe('the embedded database between statements', () => {
  it('lets waiting work run before each statement of a transaction', async () => {
    const order: string[] = [];
    await handle.db.transaction(async (tx) => {
      setImmediate(() => order.push('a request read'));
      await tx.execute(sql`select 1`);
      order.push('first statement');
      setImmediate(() => order.push('another request read'));
      await tx.execute(sql`select 2`);
      order.push('second statement');
    });
    expect(order).toEqual([
      'a request read',
      'first statement',
      'another request read',
      'second statement',
    ]);
  });

  it('lets waiting work run before a statement outside a transaction', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('a request read'));
    await handle.db.execute(sql`select 1`);
    order.push('statement');
    expect(order).toEqual(['a request read', 'statement']);
  });
});
