import {
  ApiErrorSchema,
  MAX_TOW_PASSENGERS,
  type ServiceRequestPayloadInput,
} from '@auxilio/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createService, postServiceRequest } from './support/journey-service.ts';
import { firstPrAccount, servicePayload } from './support/service-request-payload.ts';

// Decision 650: the tow passengers chosen on /services/tow (SPEC 3 Session "passengers") travel
// with the service request as `passengers`, are checked (SPEC 5 "0 or more"; at most
// MAX_TOW_PASSENGERS; a tow only) and stored in the service row.

let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  accountId = await firstPrAccount(t.db);
});
afterAll(async () => {
  await t.close();
});

/** A tow for a breakdown from San Juan to Bayamón, with `overrides` applied. */
function towPayload(overrides: Partial<ServiceRequestPayloadInput> = {}) {
  return {
    situation: 'towBreakdown',
    destLatitude: 18.3986,
    destLongitude: -66.1557,
    destAddress: 'Bayamón, Puerto Rico',
    destPlaceId: 'pl-bayamon',
    ...overrides,
  } satisfies Partial<ServiceRequestPayloadInput>;
}

async function storedRow(id: string) {
  const [row] = await t.db.db.select().from(services).where(eq(services.id, id));
  return row;
}

describe('POST /common/api/v1/service-requests: tow passengers (decision 650)', () => {
  it.each<[string, Partial<ServiceRequestPayloadInput>, number]>([
    ['a tow for a breakdown with 3 passengers', towPayload({ passengers: 3 }), 3],
    ['none is a count too', towPayload({ passengers: 0 }), 0],
    ['the maximum', towPayload({ passengers: MAX_TOW_PASSENGERS }), MAX_TOW_PASSENGERS],
    [
      'every tow type (the towCollission spelling too)',
      { situation: 'towCollission', passengers: 2 },
      2,
    ],
  ])('stores the passengers of %s', async (_case, overrides, expected) => {
    const created = await createService(t, accountId, overrides);
    const row = await storedRow(created.id);
    expect(row?.passengers).toBe(expected);
  });

  it('a request without passengers (an older client, or a service that is not a tow) stores none', async () => {
    const tow = await createService(t, accountId, towPayload());
    expect((await storedRow(tow.id))?.passengers).toBeNull();
    const flatTire = await createService(t, accountId);
    expect((await storedRow(flatTire.id))?.passengers).toBeNull();
  });

  it.each<[string, Record<string, unknown>]>([
    ['SPEC 5 "Passenger count accepted only if 0 or more"', towPayload({ passengers: -1 })],
    [
      'decision 650: at most MAX_TOW_PASSENGERS',
      towPayload({ passengers: MAX_TOW_PASSENGERS + 1 }),
    ],
    ['a whole number', { ...towPayload(), passengers: 2.5 }],
    ['a number, not text', { ...towPayload(), passengers: '3' }],
    ['a million', { ...towPayload(), passengers: 1e6 }],
    ['decision 650: only with a tow', { situation: 'flatTire', passengers: 1 }],
  ])('answers 400 on body.passengers and writes nothing: %s', async (_case, overrides) => {
    const body = servicePayload(accountId, overrides);
    const res = await postServiceRequest(t, body);
    expect(res.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(res.json());
    expect(error).toMatchObject({ code: 'BAD_REQUEST', field: 'body.passengers' });
    expect(error.message).not.toBe('');
    expect(await storedRow(body.serviceId)).toBeUndefined();
  });
});
