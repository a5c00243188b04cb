import { ServiceRequestResponseSchema, type ServiceRequestPayloadInput } from '@auxilio/domain';
import { asc, eq } from 'drizzle-orm';
import { drivers, services } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers.ts';
import { servicePayload } from './service-request-payload.ts';

/** A service created over HTTP, with the token the creation answered. */
export interface CreatedService {
  id: string;
  token: string;
  serviceNumber: string;
  /** Headers with the app key and `Authorization: Bearer <token>`. */
  headers: Record<string, string>;
}

export async function createService(
  t: TestApp,
  accountId: string,
  overrides: Partial<ServiceRequestPayloadInput> = {},
): Promise<CreatedService> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/common/api/v1/service-requests',
    headers: { 'x-api-key': t.config.appKey },
    payload: servicePayload(accountId, overrides) as unknown as Record<string, unknown>,
  });
  if (res.statusCode !== 201) throw new Error(`service creation answered ${res.body}`);
  const created = ServiceRequestResponseSchema.parse(res.json());
  return {
    id: created.serviceId,
    token: created.token,
    serviceNumber: created.serviceNumber ?? '',
    headers: { 'x-api-key': t.config.appKey, authorization: `Bearer ${created.token}` },
  };
}

/**
 * Arranges what dispatch would do (tested in dispatch.test.ts): the first driver of the service's
 * branch takes it, Active and ACCEPTED. Answers the driver's phone.
 */
export async function assignFirstDriver(t: TestApp, serviceId: string): Promise<string> {
  const [service] = await t.db.db.select().from(services).where(eq(services.id, serviceId));
  const [driver] = await t.db.db
    .select()
    .from(drivers)
    .where(eq(drivers.branch, service?.branch ?? ''))
    .orderBy(asc(drivers.id))
    .limit(1);
  if (!driver) throw new Error('no demo driver in that branch');
  await t.db.db
    .update(services)
    .set({ driverId: driver.id, status: 'Active', statusNumber: 2, tripStatus: 'ACCEPTED' })
    .where(eq(services.id, serviceId));
  return driver.phone;
}

/** Sets a service's status row directly (arranging a finished or voided service). */
export async function setServiceStatus(
  t: TestApp,
  serviceId: string,
  status: 'Finished' | 'Void' | 'Active',
): Promise<void> {
  await t.db.db.update(services).set({ status }).where(eq(services.id, serviceId));
}
