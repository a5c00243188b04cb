import {
  canTransitionServiceStatus,
  ServiceStatusSchema,
  type DispatcherServiceDetail,
} from '@auxilio/domain';
import { AppError } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import { voidingChange } from '../cancellation.ts';
import { auditLineOf } from './audit.ts';
import { DISPATCHER_CANCELLATION_REASON } from './cancellation-reason.ts';
import { assertServiceInScope, type DispatcherContext } from './dispatcher-auth.ts';
import { readServiceDetail, serviceInScope, type DetailRepos } from './service-detail.ts';

// `POST /dispatcher/services/{id}/cancellation` (docs/decisions/762): the dispatcher voids a
// service as the customer's cancel does (SPEC 4: status Void with a reason): a status event, the
// driver freed, a pending offer withdrawn by the write path, and the audit line, in one
// transaction. What the customer reads says only that the operations centre cancelled it
// (cancellation-reason.ts); the dispatcher's reason is the audit line's. Cancelling a service already voided answers it again without a second line,
// so a retry after a lost answer is safe; any other closed service is a 409.

export async function cancelServiceByDispatcher(
  repos: DetailRepos & Pick<Repositories, 'auditLog'>,
  context: DispatcherContext,
  serviceId: string,
  reason: string,
): Promise<DispatcherServiceDetail> {
  await serviceInScope(repos, context, serviceId);
  const outcome = await repos.services.changeWith(serviceId, async (current, tx) => {
    assertServiceInScope(context, current);
    const status = ServiceStatusSchema.parse(current.status);
    if (status === 'Void') return 'keep';
    if (!canTransitionServiceStatus(status, 'Void')) {
      throw new AppError('CONFLICT', `A service that is ${status} can no longer be cancelled`);
    }
    await repos.auditLog.append(
      auditLineOf(context, {
        action: 'cancelled',
        serviceId: current.id,
        driverId: current.driverId,
        reason,
        before: { status, driverId: current.driverId, tripStatus: current.tripStatus },
        after: { status: 'Void', driverId: current.driverId, tripStatus: current.tripStatus },
      }),
      tx,
    );
    return voidingChange(current, status, DISPATCHER_CANCELLATION_REASON);
  });
  if (!outcome) throw new AppError('NOT_FOUND', 'No service has that id');
  return readServiceDetail(repos, context, serviceId);
}
