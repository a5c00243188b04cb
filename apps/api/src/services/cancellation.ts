import { getBrand } from '@auxilio/brands';
import {
  canTransitionServiceStatus,
  isCancelledServiceStatus,
  ServiceStatusSchema,
  statusNumberOf,
  type CancellationEmailRequest,
  type HoldEditCancelRequest,
  type ServiceStatus,
} from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import type { ServiceChange, ServiceRow } from '../repositories/services.ts';
import { getAccount } from './accounts.ts';
import { authorizeService, bearerTokenOf } from './service-tokens.ts';

// SPEC 4 "the cancel call sends status 'Void' with home empty, schedule empty, cancellationNotes
// empty and the chosen reason in specificCancellationReason"; SPEC 7 POST /services/holdEdit and
// POST /api/v1/service-requests/cancel ("cancellation e-mail, with reason"). Decision 202.

export interface HoldEditResult {
  _id: string;
  status: 'Void';
}

/**
 * Voids a service for the holder of its token. Allowed moves come from the domain's
 * canTransitionServiceStatus (decision 111); voiding a Void service again answers OK without a
 * second history event, so the PWA's retry after a lost answer is safe (decision 125). A driver
 * working the service is freed in the same transaction.
 */
export async function cancelService(
  repos: Pick<Repositories, 'services'>,
  authorization: string | undefined,
  body: HoldEditCancelRequest,
): Promise<HoldEditResult> {
  await authorizeService(repos, authorization, body._id);
  const outcome = await repos.services.change(body._id, (current) => {
    const status = ServiceStatusSchema.parse(current.status);
    if (status === 'Void') return 'keep';
    if (!canTransitionServiceStatus(status, 'Void')) {
      throw new AppError('CONFLICT', `A service that is ${status} can no longer be cancelled`);
    }
    return voidingChange(current, status, body.specificCancellationReason);
  });
  if (!outcome) throw new AppError('FORBIDDEN', 'This token does not give access to that service');
  return { _id: body._id, status: 'Void' };
}

/**
 * The change that voids a service (SPEC 4: status Void with the reason, cancellationNotes empty):
 * a status event from `previousStatus`, and the driver working it freed, in the same transaction.
 * The customer's cancel and the dispatcher's write the same.
 */
export function voidingChange(
  current: ServiceRow,
  previousStatus: ServiceStatus,
  reason: string,
): ServiceChange {
  const statusNumber = statusNumberOf('cancelled');
  return {
    patch: {
      status: 'Void',
      statusNumber,
      cancellationReason: reason,
      // SPEC 4: the cancel call sends cancellationNotes empty.
      cancellationNotes: null,
    },
    events: [
      {
        type: 'status',
        payload: { status: 'Void', statusNumber, previousStatus, reason },
      },
    ],
    ...(current.driverId
      ? {
          driver: {
            id: current.driverId,
            patch: { status: 'available', pendingSituation: null },
          },
        }
      : {}),
  };
}

/** Outbox id of the cancellation e-mail: one per service. */
export function cancellationEmailId(serviceId: string): string {
  return `cancel-email:${serviceId}`;
}

/**
 * Queues the cancellation e-mail to the operations mailbox in the outbox (ARCHITECTURE decision 7;
 * decision 477): only for the holder of the service's token (401/403 otherwise), only once the
 * service is cancelled (409 before), once per service. What it says about the service and the
 * customer is read from the service, never taken from the request; the request gives the reason.
 * A retry writes nothing new and still answers `{ status: true }`.
 */
export async function queueCancellationEmail(
  repos: Pick<Repositories, 'accounts' | 'campaigns' | 'integrations' | 'messages' | 'services'>,
  authorization: string | undefined,
  body: CancellationEmailRequest,
): Promise<{ status: boolean }> {
  if (!bearerTokenOf(authorization)) {
    throw new AppError('UNAUTHORIZED', 'Missing service token: send Authorization: Bearer <token>');
  }
  if (!body.serviceId) {
    throw new AppError(
      'BAD_REQUEST',
      'The cancellation e-mail is about a created service: name it',
      'body.serviceId',
    );
  }
  await authorizeService(repos, authorization, body.serviceId);
  const record = await repos.services.findById(body.serviceId);
  if (!record) throw new AppError('FORBIDDEN', 'This token does not give access to that service');
  const { service } = record;
  if (!isCancelledServiceStatus(ServiceStatusSchema.safeParse(service.status).data)) {
    throw new AppError('CONFLICT', `The service is ${service.status}: cancel it first`);
  }
  const account = await getAccount(repos, service.accountId);
  const brandName = getBrand(account.brand)?.name ?? account.brand;
  const number = ` #${String(service.serviceNumber)}`;
  const lines = [
    `Brand: ${brandName}`,
    `Account: ${account.name} (${account._id}, ${account.branch})`,
    `Service: ${service.id}${number}`,
    `Situation: ${service.situation}`,
    `Reason: ${body.reason}`,
    `Client: ${[service.firstname, service.lastname].filter(Boolean).join(' ')}`,
    `Phone: ${service.phone}`,
    `E-mail: ${service.email ?? ''}`,
  ];
  await repos.messages.enqueueOnce({
    id: cancellationEmailId(service.id),
    serviceId: service.id,
    kind: 'email',
    direction: 'outbound',
    // The operations mailbox (CANCELLATION_EMAIL_TO) is the e-mail adapter's, not the request's
    // (docs/decisions/441); the cancellation stands whether or not the e-mail goes out.
    to: null,
    subject: `Service cancelled${number}: ${body.reason}`,
    body: lines.join('\n'),
  });
  return { status: true };
}
