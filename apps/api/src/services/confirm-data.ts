import type { ConfirmDataResponse } from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import { authorizeService } from './service-tokens.ts';

// SPEC 7 PATCH /api/v1/service-requests/confirm-data "returns status"; SPEC 5 "disabled in
// confirm-data mode when messageConfirmation status is already 'confirm'". Decision 412.

/** A service in one of these can no longer have its data confirmed. */
const CLOSED_STATUSES = new Set(['Finished', 'Pending Audit', 'Cancelled', 'Void']);

/**
 * The customer confirms the data of a service an agent created for them (the shared link with
 * type confirmData): messageConfirmation.status becomes 'confirm' with a `confirmData` event (the
 * service's history, decision 3); confirming again writes nothing. A closed service answers 409.
 */
export async function confirmServiceData(
  repos: Pick<Repositories, 'services'>,
  authorization: string | undefined,
  serviceId: string,
): Promise<ConfirmDataResponse> {
  await authorizeService(repos, authorization, serviceId);
  const outcome = await repos.services.change(serviceId, (service) => {
    if (service.messageConfirmationStatus === 'confirm') return 'keep';
    if (CLOSED_STATUSES.has(service.status)) {
      throw new AppError('CONFLICT', `A service that is ${service.status} cannot be confirmed`);
    }
    return {
      patch: { messageConfirmationStatus: 'confirm' },
      events: [{ type: 'confirmData', payload: { status: 'confirm' } }],
    };
  });
  if (!outcome) throw new AppError('FORBIDDEN', 'This token does not give access to that service');
  return { status: 'confirm' };
}
