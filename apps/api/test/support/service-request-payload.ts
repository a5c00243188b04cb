import { randomBytes } from 'node:crypto';
import type { ServiceRequestPayloadInput } from '@auxilio/domain';
import { asc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { accounts } from '../../src/db/schema.ts';

// Valid request bodies for API tests: the SPEC 3 service-request payload (each test overrides what it
// is about), the cancel call and a location update.

/** A fresh client-generated service id (ARCHITECTURE decision 10: the PWA generates it). */
export function newServiceId(): string {
  return `svc-${randomBytes(12).toString('base64url')}`;
}

/** A valid road request for `accountId` (flatTire in San Juan), with `overrides` applied. */
export function servicePayload(
  accountId: string,
  overrides: Partial<ServiceRequestPayloadInput> = {},
): ServiceRequestPayloadInput {
  return {
    serviceId: newServiceId(),
    account_id: accountId,
    status: 'Queued',
    situation: 'flatTire',
    category: 'road',
    clientName: 'Ana',
    clientLastName: 'Rivera',
    clientPhone1: '787-555-0100',
    clientEmail: 'ana@example.com',
    vehPlate: 'ABC123',
    vehMake: 'Make',
    vehModel: 'Model',
    vehYear: 2020,
    vehColor: 'Red',
    creationDate: '2026-11-21T15:00:00.000Z',
    sitLatitude: 18.4,
    sitLongitude: -66.1,
    sitAddress: 'Calle Luna 5, San Juan',
    sitPlaceId: 'pl-1',
    destLatitude: null,
    destLongitude: null,
    destAddress: '',
    destPlaceId: '',
    price: 4500,
    priceDetails: null,
    paymentMethod: null,
    cardIdStripe: null,
    chargeIdStripe: null,
    customerIdStripe: null,
    currency: 'usd',
    isCovered: false,
    email_payment: '',
    notes: 'From Client: Blue gate',
    fromConnectApp: true,
    sourceData: {
      type: 'pwa',
      userAgent: 'Mozilla/5.0',
      os: 'Android',
      browser: 'Chrome',
      device: 'mobile',
      connectAppSource: null,
    },
    privacyPolicyAcceptanceDate: '2026-11-21T14:59:00.000Z',
    externalId: null,
    schedule: '',
    customerContract: null,
    pushOptIn: false,
    isFromCheckLimit: false,
    isMMMHOD: false,
    DIDNumber: null,
    policyNumber: null,
    ...overrides,
  };
}

/**
 * What a payment for `servicePayload(accountId)` pays (a card intent's or mobile payment's
 * `purpose`): a flat tire of plate ABC123 without contract, unless `overrides` say otherwise.
 */
export function servicePaymentPurpose(
  accountId: string,
  overrides: { situation?: string; customerContract?: string | null; vehPlate?: string } = {},
) {
  return {
    kind: 'service' as const,
    accountId,
    situation: 'flatTire',
    customerContract: null as string | null,
    vehPlate: 'ABC123',
    ...overrides,
  };
}

/** The PWA's cancel call (SPEC 4): status Void, home, schedule and notes empty, the chosen reason. */
export function cancellationPayload(serviceId: string, reason = 'No necesito servicio') {
  return {
    _id: serviceId,
    status: 'Void' as const,
    home: '',
    schedule: '',
    cancellationNotes: '',
    specificCancellationReason: reason,
  };
}

/** The customer's accurate position at a street address (PATCH .../services/{id}/locations). */
export const LOCATION_UPDATE = {
  situationAddress: 'Calle Fortaleza 52',
  lat: 18.4655,
  lng: -66.1057,
  address: 'Calle Fortaleza 52, San Juan',
  placeId: 'place-1',
  accuracy: 12,
} as const;

/** The first seeded Puerto Rico account (by id): the account the API tests request for. */
export async function firstPrAccount(db: DatabaseHandle): Promise<string> {
  const [account] = await db.db
    .select()
    .from(accounts)
    .where(eq(accounts.branch, 'PR'))
    .orderBy(asc(accounts.id))
    .limit(1);
  if (!account) throw new Error('the demo seed has no PR account');
  return account.id;
}
