import { eq, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyRecords, serviceEvents, services } from '../db/schema.ts';

// The credentials of one service (ARCHITECTURE decision 9): its bearer token's hash and its shared
// tracking link's token hash and expiry. Tokens themselves are never stored (decisions 470, 474).

/** A service's shared-link state, read by its id (the link carries the id and the token). */
export interface ShareAccessRow {
  shareTokenHash: string | null;
  /** Set when the link was minted after the service had ended (decision 474). */
  shareTokenExpiresAt: Date | null;
  status: string;
  endDate: Date | null;
  /** Time of the service's latest event (its end, for a cancelled service without end date). */
  lastEventAt: Date | null;
}

export interface ServiceAccessRepository {
  /**
   * Replaces the service's bearer token hash and removes any token left in clear in the creation
   * record `idempotencyKey` (records written before decision 470), in one transaction. False
   * when there is no such service.
   */
  reissueToken(serviceId: string, idempotencyKey: string, tokenHash: string): Promise<boolean>;
  /** Stores a new shared-link token hash (the previous link stops working). */
  setShareToken(serviceId: string, tokenHash: string, expiresAt: Date | null): Promise<void>;
  findShareAccess(serviceId: string): Promise<ShareAccessRow | undefined>;
}

export function createServiceAccessRepository(db: Db): ServiceAccessRepository {
  return {
    reissueToken: (serviceId, idempotencyKey, tokenHash) =>
      db.transaction(async (tx) => {
        const updated = await tx
          .update(services)
          .set({ tokenHash })
          .where(eq(services.id, serviceId))
          .returning({ id: services.id });
        if (updated.length === 0) return false;
        await tx
          .update(idempotencyRecords)
          .set({ response: sql`${idempotencyRecords.response} - 'token'` })
          .where(eq(idempotencyRecords.key, idempotencyKey));
        return true;
      }),

    setShareToken: async (serviceId, tokenHash, expiresAt) => {
      await db
        .update(services)
        .set({ shareTokenHash: tokenHash, shareTokenExpiresAt: expiresAt })
        .where(eq(services.id, serviceId));
    },

    findShareAccess: async (serviceId) => {
      const [row] = await db
        .select({
          shareTokenHash: services.shareTokenHash,
          shareTokenExpiresAt: services.shareTokenExpiresAt,
          status: services.status,
          endDate: services.endDate,
        })
        .from(services)
        .where(eq(services.id, serviceId))
        .limit(1);
      if (!row) return undefined;
      const [last] = await db
        .select({ at: max(serviceEvents.createdAt) })
        .from(serviceEvents)
        .where(eq(serviceEvents.serviceId, serviceId));
      return { ...row, lastEventAt: last?.at ?? null };
    },
  };
}
