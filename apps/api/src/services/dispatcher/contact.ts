import type { CustomerContact } from '@auxilio/domain';
import type { Repositories } from '../../repositories/index.ts';
import { auditLineOf } from './audit.ts';
import type { DispatcherContext } from './dispatcher-auth.ts';
import { serviceInScope } from './service-detail.ts';

// `POST /dispatcher/services/{id}/contact` (docs/decisions/762): the console shows the customer's
// phone masked; the full contact is opened on purpose, and opening it is logged.

export async function openCustomerContact(
  repos: Pick<Repositories, 'auditLog' | 'services'>,
  context: DispatcherContext,
  serviceId: string,
  reason: string | undefined,
): Promise<CustomerContact> {
  const service = await serviceInScope(repos, context, serviceId);
  await repos.auditLog.append(
    auditLineOf(context, { action: 'contact_opened', serviceId: service.id, reason }),
  );
  return {
    firstname: service.firstname,
    lastname: service.lastname,
    phone: service.phone,
    email: service.email,
  };
}
