import type { Brand } from '../brand.ts';
import type { AccountConfig } from '../contract/accounts.ts';
import type { Driver } from '../contract/drivers.ts';
import type { Service } from '../contract/service.ts';
import { INITIAL_SESSION, type Session } from '../session.ts';

// Fixtures shared by the flow tests (not exported from the package).

export const ACCOUNT_ID = '0123456789abcdef01234567';
export const NOW = new Date('2026-11-21T15:00:00.000Z');

export const DRIVER: Driver = { _id: 'driver-1', name: 'Luis' };

const point = {
  lat: 18.4,
  lng: -66.1,
  address: 'Calle 1',
  placeId: 'p1',
  prettyAddress: 'Calle 1',
};

export function makeService(overrides: Partial<Service> = {}): Service {
  return {
    _id: 'svc-00000001',
    serviceNumber: '1001',
    account: ACCOUNT_ID,
    accountPhone: '7875550000',
    branch: 'PR',
    sfIdAccount: 'sf-1',
    price: 0,
    taxRate: 0,
    date: '2026-11-21T14:00:00.000Z',
    endDate: null,
    situation: 'flatTire',
    serviceType: 'road',
    firstname: 'Ana',
    status: 'Active',
    schedule: '',
    payments: { subtotal: 0, tax: 0, total: 0 },
    external: { id: null },
    flags: { fromConnectApp: false },
    salesforce: { serviceId: null },
    surveys: { answered: false },
    surplus: null,
    customerContract: null,
    messageConfirmation: { status: 'pending' },
    provider: null,
    trip: { status: 'ON_ROUTE', stamps: {}, simulatedEta: null },
    locations: { situation: point, destination: null, provider: null },
    driver: DRIVER,
    ...overrides,
  };
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  return { ...INITIAL_SESSION, ...overrides };
}

type FlowBrand = Pick<
  Brand,
  | 'slug'
  | 'contractSearchDisabled'
  | 'paymentRequired'
  | 'feesApply'
  | 'homeOnDemand'
  | 'feedbackAfterSurvey'
  | 'corporate'
  | 'tipping'
  | 'vehicleLookup'
>;

export function makeBrand(overrides: Partial<FlowBrand> = {}): FlowBrand {
  return {
    slug: 'demo',
    contractSearchDisabled: false,
    paymentRequired: false,
    feesApply: false,
    homeOnDemand: false,
    feedbackAfterSurvey: false,
    corporate: false,
    tipping: { allowed: true, branches: [], excludedServiceTypes: [] },
    vehicleLookup: 'plate',
    ...overrides,
  };
}

export function makeAccountConfig(overrides: Partial<AccountConfig> = {}): AccountConfig {
  return {
    policyLimitVersion: 'V1',
    finishedScreenAfterService: false,
    surveyStepShownAsFinished: false,
    socialStepWhenFinished: false,
    legacyReceiptPreview: false,
    otherTileHelpText: null,
    ...overrides,
  };
}
