import { getBrand } from '@auxilio/brands';
import {
  canTransitionServiceStatus,
  ServiceStatusSchema,
  statusNumberOf,
  type CancellationEmailRequest,
  type HoldEditCancelRequest,
} from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import { getAccount } from './accounts.ts';
import { hashRequestBody } from './service-requests.ts';
import { authorizeService } from './service-tokens.ts';

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
  repos: Pick<Repositories, 'services' | 'drivers'>,
  authorization: string | undefined,
  body: HoldEditCancelRequest,
): Promise<HoldEditResult> {
  await authorizeService(repos, authorization, body._id);
  const outcome = await repos.drivers.changeService(body._id, (current) => {
    const status = ServiceStatusSchema.parse(current.status);
    if (status === 'Void') return 'keep';
    if (!canTransitionServiceStatus(status, 'Void')) {
      throw new AppError('CONFLICT', `A service that is ${status} can no longer be cancelled`);
    }
    const statusNumber = statusNumberOf('cancelled');
    return {
      servicePatch: {
        status: 'Void',
        statusNumber,
        cancellationReason: body.specificCancellationReason,
        // SPEC 4: the cancel call sends cancellationNotes empty.
        cancellationNotes: null,
      },
      events: [
        {
          type: 'status',
          payload: {
            status: 'Void',
            statusNumber,
            previousStatus: status,
            reason: body.specificCancellationReason,
          },
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
  });
  if (!outcome) throw new AppError('FORBIDDEN', 'This token does not give access to that service');
  return { _id: body._id, status: 'Void' };
}

/** Outbox id of the cancellation e-mail: one per service, or per identical body before creation. */
export function cancellationEmailId(body: CancellationEmailRequest): string {
  return body.serviceId
    ? `cancel-email:${body.serviceId}`
    : `cancel-email:request:${hashRequestBody(body).slice(0, 40)}`;
}

/**
 * Queues the cancellation e-mail in the outbox (ARCHITECTURE decision 7). With a service id the
 * caller must hold that service's token; without one (a request abandoned before creation, decision
 * 125) the app key is enough. A retry writes nothing new and still answers `{ status: true }`.
 */
export async function queueCancellationEmail(
  repos: Pick<Repositories, 'accounts' | 'campaigns' | 'integrations' | 'messages' | 'services'>,
  authorization: string | undefined,
  body: CancellationEmailRequest,
): Promise<{ status: boolean }> {
  const account = await getAccount(repos, body.account_id);
  if (body.serviceId) await authorizeService(repos, authorization, body.serviceId);
  // Issue 4: the e-mail names the brand (catalog name) and the reason.
  const brandName = getBrand(account.brand)?.name ?? account.brand;
  const number = body.serviceNumber ? ` #${body.serviceNumber}` : '';
  const lines = [
    `Brand: ${brandName}`,
    `Account: ${account.name} (${account._id}, ${account.branch})`,
    `Service: ${body.serviceId ?? 'not created'}${number}`,
    `Situation: ${body.situation ?? '-'}`,
    `Reason: ${body.reason}`,
    `Client: ${body.clientName}`,
    `Phone: ${body.clientPhone}`,
    `E-mail: ${body.clientEmail}`,
  ];
  await repos.messages.enqueueOnce({
    id: cancellationEmailId(body),
    // An empty id means "not created" too (as above): no row to reference (found by the fuzz test).
    serviceId: body.serviceId || null,
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
