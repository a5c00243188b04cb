import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

// The dispatcher's audit log (docs/decisions/762): insert and read, nothing else. The database
// refuses updates and deletes too (migration 0012). The reads a dispatcher makes are limited to
// their scope (repositories/dispatcher-actions.ts `listAudit`).

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id'>;

/** What an action wrote in `appendWith`'s transaction: its answer, and its line when it has one. */
export interface AuditedOutcome<T> {
  result: T;
  /** No line when the action changed nothing (a retry of a request already done). */
  line: NewAuditRow | undefined;
}

export interface AuditLogRepository {
  /** Appends one line, inside the caller's transaction when `tx` is given. */
  append(entry: NewAuditRow, tx?: Db): Promise<AuditRow>;
  /**
   * Runs `work` and appends the line it answers in one transaction: the action's rows and its line
   * are written together or not at all. `work` writes through `tx`.
   */
  appendWith<T>(work: (tx: Db) => Promise<AuditedOutcome<T>>): Promise<T>;
  /** The lines about one service, oldest first. */
  listForService(serviceId: string): Promise<AuditRow[]>;
}

export function createAuditLogRepository(db: Db): AuditLogRepository {
  const append = async (entry: NewAuditRow, tx: Db = db): Promise<AuditRow> => {
    const [row] = await tx.insert(auditLog).values(entry).returning();
    if (!row) throw new Error('audit_log insert returned no row');
    return row;
  };
  return {
    append,
    appendWith: (work) =>
      db.transaction(async (tx) => {
        const { result, line } = await work(tx);
        if (line) await append(line, tx);
        return result;
      }),
    listForService: (serviceId) =>
      db.select().from(auditLog).where(eq(auditLog.serviceId, serviceId)).orderBy(auditLog.id),
  };
}
