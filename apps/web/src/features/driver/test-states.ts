import type { DriverOffer, DriverState, DriverTrip } from '@auxilio/domain';

// Driver states as GET /driver-app/me answers them, for the driver app's tests.

export const SERVER_NOW = '2026-03-02T15:00:00.000Z';

export function offerState(overrides: Partial<DriverOffer> = {}): DriverState {
  return {
    ...idleState(),
    version: 'v-offer',
    offer: {
      id: 'offer-1',
      serviceId: 'service-1',
      offeredAt: SERVER_NOW,
      expiresAt: '2026-03-02T15:00:30.000Z',
      service: {
        serviceNumber: 4182,
        situation: 'flatTire',
        serviceType: 'road',
        address: 'Calle Sol 9, San Juan',
        lat: 18.45,
        lng: -66.07,
        distanceMeters: 3200,
        etaSeconds: 540,
        schedule: null,
        notes: null,
      },
      ...overrides,
    },
  };
}

export function idleState(online = true): DriverState {
  return {
    version: 'v-idle',
    serverTime: SERVER_NOW,
    driver: {
      id: 'driver-1',
      name: 'Ana Rivera',
      vehicleType: 'tow_truck',
      branch: 'PR',
      online,
      busy: false,
      lastPositionAt: null,
    },
    offer: null,
    trip: null,
  };
}

export function tripOf(overrides: Partial<DriverTrip> = {}): DriverTrip {
  return {
    serviceId: 'service-1',
    serviceNumber: 4182,
    tripStatus: 'ACCEPTED',
    situation: 'towBreakdown',
    serviceType: 'road',
    isTow: true,
    customer: { firstname: 'Héctor', lastname: 'Acevedo', phone: '+17875550123' },
    location: { lat: 18.45, lng: -66.07, address: 'Calle Sol 9, San Juan' },
    destination: { lat: 18.4, lng: -66.1, address: 'Taller Central, Bayamón' },
    notes: 'Estoy frente a la farmacia',
    vehicle: { make: 'Toyota', model: 'Corolla', color: 'gris', plate: 'ABC123' },
    ...overrides,
  };
}
