import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { accounts, campaigns, drivers, geotextRooms, serviceTypes } from '../../src/db/schema.ts';
import { issueDriverToken } from '../../src/services/driver-app.ts';
import { DEMO_DISPATCHER_EMAILS, dispatcherToken } from '../support/dispatcher-session.ts';
import { createService } from '../support/journey-service.ts';
import type { JsonSchema, ValueSource } from './json-schema-arbitrary.ts';
import { fits } from './openapi-document.ts';

// Real values for the fuzz: seeded ids and a real service with its bearer token, so that a good
// share of the generated requests passes validation and authorization and runs the handlers.

export interface SeededValues {
  accountIds: string[];
  salesforceIds: string[];
  campaignNames: string[];
  driverIds: string[];
  roomIds: string[];
  serviceTypes: string[];
}

export async function seededValues(db: DatabaseHandle): Promise<SeededValues> {
  const [accountRows, campaignRows, driverRows, roomRows, typeRows] = await Promise.all([
    db.db.select({ id: accounts.id, sf: accounts.salesforceId }).from(accounts).limit(6),
    db.db.select({ name: campaigns.name }).from(campaigns).limit(4),
    db.db.select({ id: drivers.id }).from(drivers).limit(3),
    db.db.select({ id: geotextRooms.id }).from(geotextRooms).limit(3),
    db.db.select({ name: serviceTypes.name }).from(serviceTypes).limit(6),
  ]);
  return {
    accountIds: accountRows.map((row) => row.id),
    salesforceIds: accountRows.map((row) => row.sf),
    campaignNames: campaignRows.map((row) => row.name),
    driverIds: driverRows.map((row) => row.id),
    roomIds: roomRows.map((row) => row.id),
    serviceTypes: typeRows.map((row) => row.name),
  };
}

/** The credentials of one fuzzed operation: all real, so that requests reach the handlers. */
export interface FuzzCredentials {
  appKey: string;
  serviceId: string;
  /** `Bearer <token>` of `serviceId`. */
  serviceBearer: string;
  /** `Bearer <token>` of another real service (must get 403 on `serviceId`). */
  otherServiceBearer: string;
  /** `Bearer <token>` of a real driver (the driver-app calls). */
  driverBearer: string;
  /** `Bearer <token>` of a demo dispatcher who sees every country (the console's calls). */
  dispatcherBearer: string;
  /** `Bearer <link token>` of `serviceId`'s shared tracking link (the /shared calls). */
  shareBearer: string;
}

/** Two fresh services of `accountId` (the fuzzed one and another), a driver and a dispatcher token. */
export async function freshCredentials(
  app: FastifyInstance,
  accountId: string,
  driverId: string,
): Promise<FuzzCredentials> {
  const [service, other, driverToken, dispatcherSession] = await Promise.all([
    createService(app, accountId),
    createService(app, accountId),
    issueDriverToken(app.repositories, driverId),
    dispatcherToken(app, DEMO_DISPATCHER_EMAILS.all),
  ]);
  const share = await app.inject({
    method: 'POST',
    url: `/common/api/v1/services/${service.id}/share`,
    headers: service.headers,
  });
  expect(share.statusCode, share.body).toBe(200);
  const { shareToken } = share.json<{ shareToken: string }>();
  return {
    appKey: app.config.appKey,
    serviceId: service.id,
    shareBearer: `Bearer ${shareToken}`,
    serviceBearer: `Bearer ${service.token}`,
    otherServiceBearer: `Bearer ${other.token}`,
    driverBearer: `Bearer ${driverToken}`,
    dispatcherBearer: `Bearer ${dispatcherSession}`,
  };
}

/** Candidate real values by field or parameter name; only those that fit the schema are used. */
export function knownValueSource(seeded: SeededValues, credentials: FuzzCredentials): ValueSource {
  const serviceIds = [credentials.serviceId];
  const byName: Record<string, readonly unknown[]> = {
    // Most `{id}`s name a service: its id counts as many times as all the others together.
    id: [
      ...Array<string>(seeded.accountIds.length + seeded.driverIds.length).fill(
        credentials.serviceId,
      ),
      ...seeded.accountIds,
      ...seeded.salesforceIds,
      ...seeded.driverIds,
    ],
    _id: serviceIds,
    serviceId: serviceIds,
    account_id: seeded.accountIds,
    accountId: seeded.accountIds,
    account: seeded.accountIds,
    accountSfId: seeded.salesforceIds,
    name: seeded.campaignNames,
    roomId: seeded.roomIds,
    situation: seeded.serviceTypes,
    // The SSE stream takes its credentials in the query (EventSource cannot send headers).
    key: [credentials.appKey],
    token: [credentials.serviceBearer, credentials.shareBearer, credentials.dispatcherBearer].map(
      (bearer) => bearer.slice('Bearer '.length),
    ),
  };
  return {
    knownValues: (name: string, schema: JsonSchema) =>
      (byName[name] ?? []).filter((value) => fits(schema, value)),
  };
}
