import { createHash } from 'node:crypto';
import { digitsOnlyPhone, type DriverSmsRequest, type DriverSmsResponse } from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import { authorizeService } from './service-tokens.ts';

// SPEC 7 POST /api/v1/drivers/sms: "{message (prefixed 'No Reply: #{serviceNumber}: ...'),
// serviceNumber, phone, branch}; success when data.status is true" (decision 253).

type Repos = Pick<Repositories, 'services' | 'driverSms' | 'messages'>;

/** Outbox id of one text: the same text to the same phone about the same service is sent once. */
function smsId(serviceId: string, phone: string, message: string): string {
  const digest = createHash('sha256').update(`${serviceId}\n${phone}\n${message}`).digest('hex');
  return `sms-${digest.slice(0, 32)}`;
}

/**
 * Queues the customer's text to the driver of the service in the outbox (ARCHITECTURE decision 7).
 * The caller holds the service's token; the phone must be the assigned driver's, so the endpoint
 * cannot text anybody else. A retry of the same text queues nothing new and answers the same.
 */
export async function sendDriverSms(
  repos: Repos,
  authorization: string | undefined,
  body: DriverSmsRequest,
): Promise<DriverSmsResponse> {
  const target = await repos.driverSms.findByServiceNumber(Number(body.serviceNumber));
  // An unknown number is refused like a wrong token (decision 201: ids cannot be probed).
  await authorizeService(repos, authorization, target?.serviceId ?? '');
  if (!target) throw new AppError('FORBIDDEN', 'This token does not give access to that service');
  if (body.branch !== target.branch) {
    throw new AppError('BAD_REQUEST', `The service's branch is ${target.branch}`, 'body.branch');
  }
  if (target.driverPhone === null) {
    throw new AppError('CONFLICT', 'No driver is assigned to this service yet');
  }
  if (digitsOnlyPhone(body.phone) !== digitsOnlyPhone(target.driverPhone)) {
    throw new AppError('BAD_REQUEST', "Not the phone of the service's driver", 'body.phone');
  }
  await repos.messages.enqueueOnce({
    id: smsId(target.serviceId, digitsOnlyPhone(body.phone), body.message),
    serviceId: target.serviceId,
    kind: 'sms',
    direction: 'outbound',
    to: target.driverPhone,
    from: target.smsName,
    body: body.message,
  });
  return { status: true };
}
