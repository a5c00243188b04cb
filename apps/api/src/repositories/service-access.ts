import { eq, max } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serviceEvents, services } from '../db/schema.ts';

// The credentials of one service (ARCHITECTURE decision 9): its bearer token's hash and its shared
// tracking link's token hash and expiry. Tokens themselves are never stored (decisions 474, 476).
// A new link token is written by the services repository (`setShareToken`).

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
  findShareAccess(serviceId: string): Promise<ShareAccessRow | undefined>;
}

export function createServiceAccessRepository(db: Db): ServiceAccessRepository {
  return {
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
