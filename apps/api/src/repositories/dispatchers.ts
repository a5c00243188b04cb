import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, dispatchers, dispatcherSessions } from '../db/schema.ts';

// Dispatchers of the console and their sessions (docs/decisions/762). A session is a random token
// of which only the sha-256 is stored; it ends at its expiry, at sign-out, or when the dispatcher
// is disabled.

export type DispatcherRow = typeof dispatchers.$inferSelect;

export interface DispatchersRepository {
  findBySubject(subject: string): Promise<DispatcherRow | undefined>;
  /** The active dispatcher of an unexpired session, looked up by the token's hash. */
  findBySessionHash(tokenHash: string, now: Date): Promise<DispatcherRow | undefined>;
  createSession(dispatcherId: string, tokenHash: string, expiresAt: Date): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /** The branches of every account the scope names, by id or by brand. */
  accountBranchesOf(scope: {
    accounts: readonly string[];
    brands: readonly string[];
  }): Promise<string[]>;
}

export function createDispatchersRepository(db: Db): DispatchersRepository {
  return {
    async findBySubject(subject) {
      const [row] = await db
        .select()
        .from(dispatchers)
        .where(and(eq(dispatchers.oidcSubject, subject), eq(dispatchers.active, true)))
        .limit(1);
      return row;
    },
    async findBySessionHash(tokenHash, now) {
      const [row] = await db
        .select({ dispatcher: dispatchers })
        .from(dispatcherSessions)
        .innerJoin(dispatchers, eq(dispatchers.id, dispatcherSessions.dispatcherId))
        .where(
          and(
            eq(dispatcherSessions.tokenHash, tokenHash),
            gt(dispatcherSessions.expiresAt, now),
            eq(dispatchers.active, true),
          ),
        )
        .limit(1);
      return row?.dispatcher;
    },
    async createSession(dispatcherId, tokenHash, expiresAt) {
      await db.insert(dispatcherSessions).values({ dispatcherId, tokenHash, expiresAt });
    },
    async deleteSession(tokenHash) {
      await db.delete(dispatcherSessions).where(eq(dispatcherSessions.tokenHash, tokenHash));
    },
    async accountBranchesOf(scope) {
      if (scope.accounts.length === 0 && scope.brands.length === 0) return [];
      const conditions = [];
      if (scope.accounts.length > 0) conditions.push(inArray(accounts.id, [...scope.accounts]));
      if (scope.brands.length > 0) conditions.push(inArray(accounts.brand, [...scope.brands]));
      const rows = await db
        .selectDistinct({ branch: accounts.branch })
        .from(accounts)
        .where(or(...conditions) ?? sql`false`);
      return rows.map((row) => row.branch);
    },
  };
}
