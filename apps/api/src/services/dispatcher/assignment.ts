import {
  isServiceOpen,
  type AssignServiceRequest,
  type DispatcherServiceDetail,
} from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { AssignmentPlan, AssignmentRows } from '../../repositories/dispatcher-actions.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ServiceChange } from '../../repositories/services.ts';
import { assignmentChange } from '../dispatch/assignment.ts';
import { rankCandidates } from '../dispatch/engine.ts';
import { auditLineOf } from './audit.ts';
import { isDriverInScope, type DispatcherContext } from './dispatcher-auth.ts';
import { readServiceDetail, serviceInScope, type DetailRepos } from './service-detail.ts';

// `POST /dispatcher/services/{id}/assignment` (docs/decisions/762): direct assignment. The chosen
// driver gets the trip at once through decision 8's assignment change, with no offer to answer; a
// pending offer of the service, and one the driver had for another service, are withdrawn; a
// previous driver is freed and their app told. Decided on the locked rows, so a driver who took
// another service, or went offline, a moment before is refused rather than given two trips.
// A driver outside the dispatcher's branches answers exactly as an unknown id, and is checked
// before any row is locked. A service held for inspection is refused: assigning it would release
// the hold unseen. A driver without a position (their phone off) may be assigned: the customer is
// then sent no ETA rather than a made-up one, and the service keeps the ETA it had.

type AssignRepos = DetailRepos & Pick<Repositories, 'dispatcherActions' | 'drivers'>;

const conflict = (message: string) => new AppError('CONFLICT', message);

/** The one answer for a driver the dispatcher may not assign, whether it exists or not. */
const driverNotFound = () => new AppError('NOT_FOUND', 'No driver has that id', 'body.driverId');

/**
 * The change that gives the service to `driver`. A first assignment is decision 8's change; a
 * reassignment keeps the status and the trip status (SPEC 4: a lower rank never replaces the
 * current trip status) and tells the customer's screens of the new driver and their ETA, when
 * it can be estimated (none without the driver's position or the situation's place).
 */
function changeFor({ service, driver }: AssignmentRows, now: Date): ServiceChange {
  const [ranked] = rankCandidates(service, [driver]);
  const reassigning = service.status === 'Active';
  const base = assignmentChange(
    reassigning ? { ...service, status: 'Queued' } : service,
    driver,
    ranked ?? { etaSeconds: 0, distanceMeters: 0 },
    now,
  );
  if (!base) throw conflict(`The service is ${service.status}: it cannot be assigned`);
  const events = base.events.filter(
    (event) =>
      (ranked !== undefined || event.type !== 'eta') &&
      (!reassigning ||
        (event.type !== 'status' &&
          !(event.type === 'trip' && event.payload.status === service.tripStatus))),
  );
  return {
    ...base,
    patch: ranked ? base.patch : withoutEstimate(base.patch ?? {}),
    events: [
      ...events,
      {
        type: 'dispatch',
        payload: { step: 'assigned', driverId: driver.id, at: now.toISOString() },
      },
    ],
  };
}

/** The assignment's columns without the drive estimate (a driver with no position has none). */
function withoutEstimate(patch: NonNullable<ServiceChange['patch']>): ServiceChange['patch'] {
  const {
    simulatedEtaSeconds: _simulated,
    driverEtaSeconds: _eta,
    driverDistanceMeters: _distance,
    ...rest
  } = patch;
  return rest;
}

function planFor(
  context: DispatcherContext,
  rows: AssignmentRows,
  reason: string | undefined,
  now: Date,
): AssignmentPlan | 'keep' {
  const { service, driver } = rows;
  if (!isDriverInScope(context, driver)) throw driverNotFound();
  if (!isServiceOpen(service.status))
    throw conflict(`The service is ${service.status}: it is closed`);
  if (service.status === 'HoldInspection') {
    throw conflict(
      'The service is HoldInspection: it is held for inspection and cannot be assigned',
    );
  }
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
  // Before any lock: another tenant's driver is neither told apart from an unknown id nor locked.
  if (!isDriverInScope(context, await repos.drivers.findById(request.driverId))) {
    throw driverNotFound();
  }
  const now = await repos.dispatch.databaseNow();
  const outcome = await repos.dispatcherActions.assign(serviceId, request.driverId, (rows) =>
    planFor(context, rows, request.reason, now),
  );
  if (!outcome) throw driverNotFound();
  if (outcome === 'contended') {
    throw conflict('The driver or the service changed while assigning: try again');
  }
  return readServiceDetail(repos, context, serviceId);
}
