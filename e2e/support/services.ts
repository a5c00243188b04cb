import { randomBytes } from 'node:crypto';
import type { ServiceRequestPayloadInput } from '@auxilio/domain';
import type { JourneyApi } from './journey-api.ts';

/** The connect member account in Puerto Rico (apps/api/src/db/README.md "Demo data to type"). */
export const CONNECT_PR_ACCOUNT = 'c9c3881679b7a328820d09cb';

export interface CreatedService {
  serviceId: string;
  serviceNumber: string;
  token: string;
  accountId: string;
  brand: string;
}

/**
 * Creates a service the way the PWA does, over HTTP (POST /common/api/v1/service-requests), for
 * specs and benchmarks that start on a tracking screen rather than walking the request flow.
 */
export async function createTestService(
  api: Pick<JourneyApi, 'baseUrl' | 'appKey'>,
  overrides: Partial<ServiceRequestPayloadInput> = {},
): Promise<CreatedService> {
  const serviceId = `svc-${randomBytes(12).toString('base64url')}`;
  const payload: ServiceRequestPayloadInput = {
    serviceId,
    account_id: CONNECT_PR_ACCOUNT,
    status: 'Queued',
    situation: 'flatTire',
    category: 'road',
    clientName: 'Glorimar',
    clientLastName: 'Rivera Figueroa',
    clientPhone1: '787-555-0100',
    clientEmail: 'glorimar@example.com',
    vehPlate: 'GFS643',
    vehMake: 'Toyota',
    vehModel: 'Corolla',
    vehYear: 2020,
    vehColor: 'Gris',
    creationDate: new Date().toISOString(),
    sitLatitude: 18.4214,
    sitLongitude: -66.0738,
    sitAddress: 'Calle Luna 5, San Juan',
    sitPlaceId: 'demo-san-juan',
    destLatitude: null,
    destLongitude: null,
    destAddress: '',
    destPlaceId: '',
    price: 0,
    priceDetails: null,
    paymentMethod: 'card',
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
