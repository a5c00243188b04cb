import { randomBytes, randomUUID } from 'node:crypto';
import {
  AccountSchema,
  CardChargeResponseSchema,
  currencyOf,
  CustomerFeeResponseSchema,
  feeBreakdown,
  type ServiceRequestPayloadInput,
} from '@auxilio/domain';
import { CONNECT_PR_ACCOUNT, CUSTOMER, SAN_JUAN, SANDBOX_CARD } from './demo-data.ts';
import type { JourneyApi } from './journey-api.ts';

export interface CreatedService {
  serviceId: string;
  serviceNumber: string;
  token: string;
  accountId: string;
  brand: string;
}

type ApiAddress = Pick<JourneyApi, 'baseUrl' | 'appKey'>;

async function getJson(api: ApiAddress, path: string): Promise<unknown> {
  const response = await fetch(`${api.baseUrl}${path}`, { headers: { 'x-api-key': api.appKey } });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return response.json();
}

/**
 * Pays the request the way the /payment screen does when its account charges a fee: the fee of
 * GET /fees/customer plus the account's tax, with the embedded sandbox's approved test card.
 */
async function paid(
  api: ApiAddress,
  payload: ServiceRequestPayloadInput,
): Promise<ServiceRequestPayloadInput> {
  const account = AccountSchema.parse(await getJson(api, `/common/accounts/${payload.account_id}`));
  const query = new URLSearchParams({
    branch: account.branch,
    situation: payload.situation,
    distance: '0',
    accountId: account._id,
  });
  const fee = CustomerFeeResponseSchema.parse(await getJson(api, `/common/fees/customer?${query}`));
  const { totalCents } = feeBreakdown({ feeCents: fee.data, taxRate: account.tax.rate });
  if (totalCents === 0) return payload;
  const response = await fetch(`${api.baseUrl}/common/payments/charges`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': api.appKey },
    body: JSON.stringify({
      amount: totalCents,
      currency: currencyOf(account.branch),
      card: {
        number: SANDBOX_CARD.number.replaceAll(' ', ''),
        expMonth: SANDBOX_CARD.expMonth,
        expYear: new Date().getFullYear() + 2,
        cvc: SANDBOX_CARD.cvc,
        name: SANDBOX_CARD.name,
      },
      idempotencyKey: `charge-${randomUUID()}`,
    }),
  });
  if (!response.ok) throw new Error(`Paying: HTTP ${response.status} ${await response.text()}`);
  const charge = CardChargeResponseSchema.parse(await response.json());
  return { ...payload, paymentMethod: 'card', chargeIdStripe: charge.chargeId };
}

/**
 * Creates a service the way the PWA does, over HTTP (POST /common/api/v1/service-requests), for
 * specs and benchmarks that start on a tracking screen rather than walking the request flow.
 */
export async function createTestService(
  api: ApiAddress,
  overrides: Partial<ServiceRequestPayloadInput> = {},
): Promise<CreatedService> {
  return postServiceRequest(api, await testServicePayload(api, overrides));
}

/** A paid SPEC 3 request of the connect member in San Juan, with `overrides` applied. */
export async function testServicePayload(
  api: ApiAddress,
  overrides: Partial<ServiceRequestPayloadInput> = {},
): Promise<ServiceRequestPayloadInput> {
  const serviceId = `svc-${randomBytes(12).toString('base64url')}`;
  const payload: ServiceRequestPayloadInput = {
    serviceId,
    account_id: CONNECT_PR_ACCOUNT,
    status: 'Queued',
    situation: 'flatTire',
    category: 'road',
    clientName: CUSTOMER.firstName,
    clientLastName: CUSTOMER.lastName,
    clientPhone1: CUSTOMER.phone,
    clientEmail: CUSTOMER.email,
    vehPlate: CUSTOMER.vehicle.plate,
    vehMake: CUSTOMER.vehicle.make,
    vehModel: CUSTOMER.vehicle.model,
    vehYear: 2020,
    vehColor: 'Gris',
    creationDate: new Date().toISOString(),
    sitLatitude: SAN_JUAN.latitude,
    sitLongitude: SAN_JUAN.longitude,
    sitAddress: 'Calle Luna 5, San Juan',
    sitPlaceId: 'demo-san-juan',
    destLatitude: null,
    destLongitude: null,
    destAddress: '',
    destPlaceId: '',
    price: 0,
    priceDetails: null,
    paymentMethod: null,
    cardIdStripe: null,
    chargeIdStripe: null,
    customerIdStripe: null,
    currency: 'usd',
    isCovered: false,
    email_payment: '',
    notes: 'From Client: ',
    fromConnectApp: true,
    sourceData: {
      type: 'pwa',
      userAgent: 'e2e',
      os: 'Android',
      browser: 'Chrome',
      device: 'mobile',
      connectAppSource: null,
    },
    privacyPolicyAcceptanceDate: new Date().toISOString(),
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
  return overrides.chargeIdStripe ? payload : paid(api, payload);
}

/** Posts a request as the PWA does; answers what the customer's phone keeps. */
export async function postServiceRequest(
  api: ApiAddress,
  payload: ServiceRequestPayloadInput,
): Promise<CreatedService> {
  const response = await fetch(`${api.baseUrl}/common/api/v1/service-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': api.appKey },
    body: JSON.stringify(payload),
  });
  if (!response.ok)
    throw new Error(`Creating a service: HTTP ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string; serviceNumber: string };
  return {
    serviceId: payload.serviceId,
    serviceNumber: body.serviceNumber,
    token: body.token,
    accountId: payload.account_id,
    brand: 'connect',
  };
}
