import { AUDIT_ACTIONS, type AuditEntry } from '@auxilio/domain';
import type { AuditRow, NewAuditRow } from '../../repositories/audit-log.ts';
import type { Repositories } from '../../repositories/index.ts';
import { servicesInScope, type DispatcherContext } from './dispatcher-auth.ts';

// The console's audit log (docs/decisions/762): every action of a dispatcher is one line, written
// in the transaction of the action; a dispatcher reads the lines of the services in their scope,
// and their own lines that name no service.

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Most lines one read of the log answers. */
export const AUDIT_PAGE_MAX = 200;

/** A new line by the dispatcher of `context`; `at` is the database's clock of the insert. */
export function auditLineOf(
  context: DispatcherContext,
  line: {
    action: AuditAction;
    serviceId?: string | null;
    driverId?: string | null;
    reason?: string | null;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  },
): NewAuditRow {
  return {
    dispatcherId: context.dispatcher.id,
    dispatcherName: context.dispatcher.name,
    action: line.action,
    serviceId: line.serviceId ?? null,
    driverId: line.driverId ?? null,
    reason: line.reason === undefined || line.reason === '' ? null : line.reason,
    before: line.before ?? null,
    after: line.after ?? null,
  };
}

function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

export function toAuditEntry(row: AuditRow): AuditEntry | undefined {
  if (!isAuditAction(row.action)) return undefined;
  return {
    id: row.id,
    at: row.at.toISOString(),
    dispatcher: { id: row.dispatcherId, name: row.dispatcherName },
    action: row.action,
    serviceId: row.serviceId,
    driverId: row.driverId,
    reason: row.reason,
    before: row.before,
    after: row.after,
  };
}

/** `GET /audit`: the lines the dispatcher may read, newest first. */
export async function listAuditEntries(
  repos: Pick<Repositories, 'dispatcherActions'>,
  context: DispatcherContext,
  query: { serviceId?: string; before?: number; limit?: number },
): Promise<AuditEntry[]> {
  const rows = await repos.dispatcherActions.listAudit({
    inScope: servicesInScope(context.scope),
    dispatcherId: context.dispatcher.id,
    ...(query.serviceId === undefined ? {} : { serviceId: query.serviceId }),
    ...(query.before === undefined ? {} : { beforeId: query.before }),
    limit: Math.min(query.limit ?? 50, AUDIT_PAGE_MAX),
  });
  return rows.flatMap((row) => toAuditEntry(row) ?? []);
}
