import {
  clientNoteText,
  maskPhone,
  type BoardService,
  type DispatcherServiceDetail,
} from '@auxilio/domain';
import type { AuditRow } from '../../repositories/audit-log.ts';
import type { BoardServiceRecord } from '../../repositories/dispatcher-board.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ServiceRow } from '../../repositories/services.ts';
import { tripVehicleOf } from '../trip-vehicle.ts';
import { toAuditEntry } from './audit.ts';
import { toBoardService } from './board.ts';
import { DISPATCHER_CANCELLATION_REASON } from './cancellation-reason.ts';
import { assertServiceInScope, type DispatcherContext } from './dispatcher-auth.ts';

// `GET /dispatcher/services/{id}` (docs/decisions/762): what the console shows of one service of
// the scope, open or closed: its board row, places, vehicle, the customer with a masked phone,
// its history (the newest events when it is very long) and the audit lines about it.

export type DetailRepos = Pick<
  Repositories,
  'auditLog' | 'dispatcherActions' | 'dispatcherBoard' | 'dispatch' | 'serviceEvents' | 'services'
>;

/**
 * Most history events the detail answers: the newest ones, so that a long trip's positions never
 * hide how it ended (a service's history is far shorter in practice).
 */
export const TIMELINE_MAX = 5000;

/**
 * The board row of a service of any status. A closed service has no board stage: it shows the
 * last stage it reached (its trip's when a driver had it, else waiting) with its real status, and
 * no breached target (nothing is late any more).
 */
export function boardRowOf(record: BoardServiceRecord, now: Date): BoardService | undefined {
  const open = toBoardService(record, now);
  if (open) return open;
  const lastOpen = toBoardService(
    {
      ...record,
      status: record.driverId === null ? 'Queued' : 'Active',
      offeredToId: null,
      offeredToName: null,
    },
    now,
  );
  return lastOpen && { ...lastOpen, status: record.status, offeredTo: null, breaches: [] };
}

/** The service when the dispatcher's scope covers it; 404 as for an unknown id otherwise. */
export async function serviceInScope(
  repos: Pick<Repositories, 'services'>,
  context: DispatcherContext,
  serviceId: string,
): Promise<ServiceRow> {
  const record = await repos.services.findById(serviceId);
  return assertServiceInScope(context, record?.service);
}

/** The newest TIMELINE_MAX events of the service's history, oldest first. */
async function newestEvents(repos: Pick<Repositories, 'serviceEvents'>, serviceId: string) {
  const latest = await repos.serviceEvents.latestSeq(serviceId);
  return repos.serviceEvents.listAfter(serviceId, Math.max(0, latest - TIMELINE_MAX), TIMELINE_MAX);
}

/**
 * Why the service was cancelled, as the console shows it: the customer's reason, or for a cancel at
 * the console the dispatcher's reason from its audit line (the service itself holds only a code).
 */
function cancellationReasonOf(service: ServiceRow, audit: readonly AuditRow[]): string | null {
  if (service.cancellationReason !== DISPATCHER_CANCELLATION_REASON) {
    return service.cancellationReason;
  }
  const line = audit.findLast((row) => row.action === 'cancelled');
  return line?.reason ?? service.cancellationReason;
}

function placeOf(lat: number | null, lng: number | null, address: string | null) {
  return { lat, lng, address };
}

export async function readServiceDetail(
  repos: DetailRepos,
  context: DispatcherContext,
  serviceId: string,
): Promise<DispatcherServiceDetail> {
  const service = await serviceInScope(repos, context, serviceId);
  const [now, record, events, audit] = await Promise.all([
    repos.dispatch.databaseNow(),
    repos.dispatcherActions.findServiceRecord(serviceId),
    newestEvents(repos, serviceId),
    repos.auditLog.listForService(serviceId),
  ]);
  const row = record && boardRowOf(record, now);
  // The row was there a moment ago: a row gone meanwhile is as unknown as any other.
  const board = assertServiceInScope(context, row);
  const hasDestination =
    service.destinationLat !== null ||
    service.destinationLng !== null ||
    service.destinationAddress !== null;
  return {
    service: board,
    customer: {
      firstname: service.firstname,
      phoneMasked: service.phone ? maskPhone(service.phone) : null,
      hasEmail: Boolean(service.email),
    },
    situation: placeOf(
      service.situationLat,
      service.situationLng,
      service.situationPrettyAddress ?? service.situationAddress,
    ),
    destination: hasDestination
      ? placeOf(
          service.destinationLat,
          service.destinationLng,
          service.destinationPrettyAddress ?? service.destinationAddress,
        )
      : null,
    vehicle: tripVehicleOf(service),
    notes: clientNoteText(service.notes),
    cancellationReason: cancellationReasonOf(service, audit),
    timeline: events.map((event) => ({
      seq: event.seq,
      at: event.createdAt.toISOString(),
      type: event.type,
      payload: event.payload,
    })),
    audit: audit.flatMap((line) => toAuditEntry(line) ?? []),
  };
}
