import { randomUUID } from 'node:crypto';
import type { Repositories } from '../../repositories/index.ts';
import { AppError } from '../../lib/errors.ts';
import { auditLineOf } from './audit.ts';
import type { DispatcherContext } from './dispatcher-auth.ts';
import { serviceInScope } from './service-detail.ts';

// `POST /dispatcher/services/{id}/messages` (docs/decisions/762): a text message to the customer's
// phone, queued in the outbox that the SMS adapter delivers (decision 440). It is not written to
// the service's history: the history's `note` is a note for the driver, and the customer's token
// reads the history. The audit line names the outbox message and the text's length, not the text:
// the log is kept for good, the customer's words are not (the outbox row holds them).
//
// The outbox row and the audit line are one transaction: both or neither. Retry-safe through the
// `Idempotency-Key` header: the outbox id is derived from the dispatcher, the service and the key,
// so a retry of the same request queues nothing new and writes no second audit line, and a retry
// of a request that failed writes both. Without the header every request is a new text (two
// identical texts may be meant).

export interface DispatcherText {
  id: string;
  queuedAt: string;
}

/** Longest `Idempotency-Key` accepted. */
export const IDEMPOTENCY_KEY_MAX = 128;

function messageIdOf(context: DispatcherContext, serviceId: string, key: string | undefined) {
  const suffix = key === undefined ? randomUUID() : key;
  return `dispatcher-text:${context.dispatcher.id}:${serviceId}:${suffix}`;
}

export async function textCustomer(
  repos: Pick<Repositories, 'auditLog' | 'dispatcherActions' | 'messages' | 'services'>,
  context: DispatcherContext,
  serviceId: string,
  text: string,
  idempotencyKey: string | undefined,
): Promise<DispatcherText> {
  const service = await serviceInScope(repos, context, serviceId);
  if (!service.phone) {
    throw new AppError('CONFLICT', 'The service has no phone number to text', 'phone');
  }
  const id = messageIdOf(context, service.id, idempotencyKey);
  const message = {
    id,
    serviceId: service.id,
    kind: 'sms',
    direction: 'outbound',
    to: service.phone,
    body: text,
  };
  const queued = await repos.auditLog.appendWith(async (tx) => {
    const isNew = await repos.messages.enqueueOnce(message, tx);
    return {
      result: isNew,
      line: isNew
        ? auditLineOf(context, {
            action: 'texted',
            serviceId: service.id,
            after: { messageId: id, length: text.length },
          })
        : undefined,
    };
  });
  // Committed: the delivery worker may send it now.
  if (queued) repos.messages.announceQueued(message);
  const queuedAt = await repos.dispatcherActions.messageQueuedAt(id);
  return { id, queuedAt: (queuedAt ?? new Date()).toISOString() };
}
