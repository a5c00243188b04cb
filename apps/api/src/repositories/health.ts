import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export interface HealthRepository {
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
}

export function createHealthRepository(db: Db): HealthRepository {
  return {
    ping: async () => {
      await db.execute(sql`select 1`);
    },
  };
}
