import { desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

// The dispatcher's audit log (docs/decisions/762): insert and read, nothing else. The database
// refuses updates and deletes too (migration 0012).

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id'>;

export interface AuditLogRepository {
  /** Appends one line, inside the caller's transaction when `tx` is given. */
  append(entry: NewAuditRow, tx?: Db): Promise<AuditRow>;
  /** The lines about one service, oldest first. */
  listForService(serviceId: string): Promise<AuditRow[]>;
  /** The newest lines first, before the line `beforeId` when given. */
  listRecent(limit: number, beforeId?: number): Promise<AuditRow[]>;
}

export function createAuditLogRepository(db: Db): AuditLogRepository {
  return {
    async append(entry, tx = db) {
      const [row] = await tx.insert(auditLog).values(entry).returning();
      if (!row) throw new Error('audit_log insert returned no row');
      return row;
    },
    listForService: (serviceId) =>
      db.select().from(auditLog).where(eq(auditLog.serviceId, serviceId)).orderBy(auditLog.id),
    listRecent: (limit, beforeId) =>
      db
        .select()
        .from(auditLog)
        .where(beforeId === undefined ? undefined : lt(auditLog.id, beforeId))
        .orderBy(desc(auditLog.id))
        .limit(limit),
  };
}
