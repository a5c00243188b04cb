import type { AssignServiceRequest, DispatcherServiceDetail } from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { AssignmentPlan, AssignmentRows } from '../../repositories/dispatcher-actions.ts';
import { OPEN_SERVICE_STATUSES } from '../../repositories/dispatcher-board.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ServiceChange } from '../../repositories/services.ts';
import { assignmentChange } from '../dispatch/assignment.ts';
import { rankCandidates } from '../dispatch/engine.ts';
import { auditLineOf } from './audit.ts';
import { assertDriverInScope, type DispatcherContext } from './dispatcher-auth.ts';
import { readServiceDetail, serviceInScope, type DetailRepos } from './service-detail.ts';

// `POST /dispatcher/services/{id}/assignment` (docs/decisions/762): direct assignment. The chosen
// driver gets the trip at once through decision 8's assignment change, with no offer to answer; a
// pending offer of the service, and one the driver had for another service, are withdrawn; a
// previous driver is freed and their app told. Decided on the locked rows, so a driver who took
// another service, or went offline, a moment before is refused rather than given two trips.

type AssignRepos = DetailRepos & Pick<Repositories, 'dispatcherActions'>;

const conflict = (message: string) => new AppError('CONFLICT', message);

function isOpen(status: string): boolean {
  return (OPEN_SERVICE_STATUSES as readonly string[]).includes(status);
}

/**
 * The change that gives the service to `driver`. A first assignment is decision 8's change; a
 * reassignment keeps the status and the trip status (SPEC 4: a lower rank never replaces the
 * current trip status) and tells the customer's screens of the new driver and their ETA.
 */
function changeFor({ service, driver }: AssignmentRows, now: Date): ServiceChange {
  const [ranked] = rankCandidates(service, [driver]);
  const estimate = ranked ?? { etaSeconds: 0, distanceMeters: 0 };
  const reassigning = service.status === 'Active';
  const base = assignmentChange(
    reassigning ? { ...service, status: 'Queued' } : service,
    driver,
    estimate,
    now,
  );
  if (!base) throw conflict(`The service is ${service.status}: it cannot be assigned`);
  const events = base.events.filter(
    (event) =>
      !reassigning ||
      (event.type !== 'status' &&
        !(event.type === 'trip' && event.payload.status === service.tripStatus)),
  );
  return {
    ...base,
    events: [
      ...events,
      {
        type: 'dispatch',
        payload: { step: 'assigned', driverId: driver.id, at: now.toISOString() },
      },
    ],
  };
}

function planFor(
  context: DispatcherContext,
  rows: AssignmentRows,
  reason: string | undefined,
  now: Date,
): AssignmentPlan | 'keep' {
  const { service, driver } = rows;
  if (!isOpen(service.status)) throw conflict(`The service is ${service.status}: it is closed`);
  assertDriverInScope(context, driver);
  if (service.driverId === driver.id) return 'keep';
  if (driver.branch !== service.branch) {
    throw conflict(
      `The driver works for branch ${driver.branch}, the service is ${service.branch}`,
    );
  }
  if (!driver.online) throw conflict('The driver is offline');
  if (rows.busyWith !== undefined) throw conflict('The driver is working another open service');
  const change = changeFor(rows, now);
  const after = change.patch ?? {};
  return {
    change,
    audit: auditLineOf(context, {
      action: service.driverId === null ? 'assigned' : 'reassigned',
      serviceId: service.id,
      driverId: driver.id,
      reason,
      before: {
        driverId: service.driverId,
        status: service.status,
        tripStatus: service.tripStatus,
      },
      after: {
        driverId: driver.id,
        status: after.status ?? service.status,
        tripStatus: after.tripStatus ?? service.tripStatus,
      },
    }),
  };
}

export async function assignService(
  repos: AssignRepos,
  context: DispatcherContext,
  serviceId: string,
  request: AssignServiceRequest,
): Promise<DispatcherServiceDetail> {
  await serviceInScope(repos, context, serviceId);
  const now = await repos.dispatch.databaseNow();
  const outcome = await repos.dispatcherActions.assign(serviceId, request.driverId, (rows) =>
    planFor(context, rows, request.reason, now),
  );
  if (!outcome) throw new AppError('NOT_FOUND', 'No driver has that id', 'body.driverId');
  return readServiceDetail(repos, context, serviceId);
}
