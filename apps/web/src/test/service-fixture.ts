import { ServiceSchema, type Service } from '@auxilio/domain';

// A service as GET /common/services/{id} answers it, for the tracking tests.

export const SERVICE_ID = 'svc-tracking-0001';
export const SERVICE_TOKEN = 'token-0123456789abcdef';

export function testService(overrides: Partial<Service> = {}): Service {
  return ServiceSchema.parse({
    _id: SERVICE_ID,
    serviceNumber: '4321',
    account: 'a1b2c3d4e5f6a1b2c3d4e5f6',
    accountPhone: '7875550000',
    branch: 'PR',
    sfIdAccount: 'sf-1',
    price: 5000,
    taxRate: 0,
    date: '2026-11-21T14:00:00.000Z',
    endDate: null,
    situation: 'flatTire',
    serviceType: 'road',
    firstname: 'Ana',
    status: 'Active',
    schedule: '',
    payments: { subtotal: 5000, tax: 0, total: 5000 },
    external: { id: null },
    flags: { fromConnectApp: false },
    salesforce: { serviceId: null },
    surveys: { answered: false },
    surplus: null,
    customerContract: null,
    messageConfirmation: { status: 'pending' },
    provider: { name: 'Luis Rivera' },
    trip: { status: 'ACCEPTED', stamps: {}, simulatedEta: 600 },
    locations: {
      situation: {
        lat: 18.4,
        lng: -66.1,
        address: 'Calle 1',
        placeId: 'p1',
        prettyAddress: 'Calle 1',
      },
      destination: null,
      provider: null,
    },
    driver: {
      _id: 'driver-1',
      name: 'Luis Rivera',
      phone: '+17875550123',
      eta: 900,
      lat: 18.45,
      lng: -66.05,
    },
    ...overrides,
  });
}
