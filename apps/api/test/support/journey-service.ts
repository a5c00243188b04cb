import { ServiceRequestResponseSchema, type ServiceRequestPayloadInput } from '@auxilio/domain';
import { and, asc, eq } from 'drizzle-orm';
import { drivers, serviceEvents, services } from '../../src/db/schema.ts';
import { issueDriverToken } from '../../src/services/driver-app.ts';
import type { TestApp } from '../helpers.ts';
import { appKeyHeaders, appOf, bearerHeaders, type ApiTarget } from './api-target.ts';
import { paidPayload } from './sandbox-payment.ts';
import { cancellationPayload, servicePayload } from './service-request-payload.ts';

// Service requests in API tests: made over HTTP as the PWA makes them (paid when the server prices
// them above zero), then arranged in the database when a test needs a state the journey would take
// minutes to reach, and read back from the database.

/** A service created over HTTP, with the token the creation answered. */
export interface CreatedService {
  id: string;
  token: string;
  serviceNumber: string;
  /** Headers with the app key and `Authorization: Bearer <token>`. */
  headers: Record<string, string>;
}

/** POST /common/api/v1/service-requests with `body` as is (the app key unless `headers` say). */
export function postServiceRequest(
  target: ApiTarget,
  body: unknown,
  headers: Record<string, string> = appKeyHeaders(target),
) {
  return appOf(target).inject({
    method: 'POST',
    url: '/common/api/v1/service-requests',
    headers,
    payload: body as Record<string, unknown>,
  });
}

/** Creates a service for `accountId` as the PWA does (paying what is due); throws unless 201. */
export async function createService(
  target: ApiTarget,
  accountId: string,
  overrides: Partial<ServiceRequestPayloadInput> = {},
): Promise<CreatedService> {
  const res = await postServiceRequest(
    target,
    await paidPayload(target, servicePayload(accountId, overrides)),
  );
  if (res.statusCode !== 201) throw new Error(`service creation answered ${res.body}`);
  const created = ServiceRequestResponseSchema.parse(res.json());
  return {
    id: created.serviceId,
    token: created.token,
    serviceNumber: created.serviceNumber ?? '',
    headers: bearerHeaders(target, created.token),
  };
}

/** POST /common/services/holdEdit: the holder of `token` cancels the service. */
export function postCancellation(
  target: ApiTarget,
  serviceId: string,
  token: string,
  reason?: string,
) {
  return appOf(target).inject({
    method: 'POST',
    url: '/common/services/holdEdit',
    headers: bearerHeaders(target, token),
    payload: cancellationPayload(serviceId, reason),
  });
}

/** The customer cancels the service; throws unless 200. */
export async function cancelService(
  target: ApiTarget,
  serviceId: string,
  token: string,
  reason?: string,
): Promise<void> {
  const res = await postCancellation(target, serviceId, token, reason);
  if (res.statusCode !== 200) throw new Error(`cancellation answered ${res.body}`);
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

/**
 * The service taken by the first driver of its branch (assignFirstDriver), and that driver's
 * driver-app headers (a fresh driver token).
 */
export async function assignedDriverHeaders(
  t: TestApp,
  serviceId: string,
): Promise<Record<string, string>> {
  await assignFirstDriver(t, serviceId);
  const driverId = (await serviceRow(t, serviceId))?.driverId;
  if (!driverId) throw new Error(`service ${serviceId} has no driver`);
  return bearerHeaders(t, await issueDriverToken(t.app.repositories, driverId));
}

/** Sets a service's status row directly (arranging a finished or voided service). */
export async function setServiceStatus(
  t: TestApp,
  serviceId: string,
  status: 'Finished' | 'Void' | 'Active',
): Promise<void> {
  await t.db.db.update(services).set({ status }).where(eq(services.id, serviceId));
}

/** Arranges a performed service: Finished with its trip FINISHED (surveys and tips need one). */
export async function finishService(t: TestApp, serviceId: string): Promise<void> {
  await t.db.db
    .update(services)
    .set({ status: 'Finished', statusNumber: 6, tripStatus: 'FINISHED' })
    .where(eq(services.id, serviceId));
}

/** The service's row as stored, or undefined. */
export async function serviceRow(t: TestApp, serviceId: string) {
  return (await t.db.db.select().from(services).where(eq(services.id, serviceId)))[0];
}

/** The service's history events of one type, as stored. */
export function serviceEventsOf(t: TestApp, serviceId: string, type: string) {
  return t.db.db
    .select()
    .from(serviceEvents)
    .where(and(eq(serviceEvents.serviceId, serviceId), eq(serviceEvents.type, type)));
}
